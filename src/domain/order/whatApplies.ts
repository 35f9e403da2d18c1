import type { DonationScope } from '../../api/contract/donations.ts';
import type { FeatureCategory, TicketAudience } from '../../api/contract/presentations.ts';
import type { VoucherByCodeButton } from '../../api/contract/session.ts';

/**
 * Which of a seat order's extra blocks can apply to its presentation (issue 35): a trampoline session
 * has no partner prices, voucher tickets, senior price or orchestra fund, so its order offers none of
 * them. The shop hides what cannot apply; the box office refuses it all the same (a code that unlocks
 * no ticket here, a senior ID where there is no senior price, a fund not offered with the show).
 */

/** The ticket step's ways into tickets for some buyers only. */
export interface TicketStepBlocks {
  /** The venue's partner-card buttons: the presentation has partner-programme prices. */
  partnerCards: boolean;
  /** The code field and the generic code button: voucher tickets, price codes or partner prices. */
  codes: boolean;
  /** The senior-citizen ID lookup: the venue offers it and the presentation has a senior price. */
  senior: boolean;
}

/**
 * The blocks that apply, from the audiences of the presentation's hidden ticket types. Unknown audiences
 * (a box office that does not say) offer every way in, as before. Gift cards need no block here: they
 * pay at the payment step, which takes them itself.
 */
export function ticketStepBlocks(
  audiences: readonly TicketAudience[] | undefined,
  opts: { isSeniorLookupEnabled: boolean },
): TicketStepBlocks {
  const has = (a: TicketAudience) => audiences === undefined || audiences.includes(a);
  const partnerCards = has('partnerProgram');
  return {
    partnerCards,
    codes: partnerCards || has('voucher') || has('code'),
    senior: opts.isSeniorLookupEnabled && has('senior'),
  };
}

/** The venue's voucher-by-code buttons that apply: partner cards with partner prices, a code with codes. */
export function codeButtonsThatApply<B extends Pick<VoucherByCodeButton, 'kind'>>(
  buttons: readonly B[],
  blocks: TicketStepBlocks,
): B[] {
  return buttons.filter((b) => (b.kind === 'partnerCard' ? blocks.partnerCards : blocks.codes));
}

/** What a fund's scope is checked against: the presentation's venue and category. */
export interface ScopedPresentation {
  venueId: number;
  category: FeatureCategory | string;
}

/**
 * Whether a seat order for the presentation offers the fund: no scope (or an empty one) is every order;
 * else the presentation's venue or its category is one of the scope's.
 */
export function fundOffered(scope: DonationScope | undefined, p: ScopedPresentation): boolean {
  if (!scope || (scope.venueIds.length === 0 && scope.categories.length === 0)) return true;
  return scope.venueIds.includes(p.venueId) || (scope.categories as readonly string[]).includes(p.category);
}

/** Whether a seat order for these presentations offers the fund: for any one of them. */
export function fundOfferedWithAny(
  scope: DonationScope | undefined,
  presentations: readonly ScopedPresentation[],
): boolean {
  return presentations.some((p) => fundOffered(scope, p));
}
