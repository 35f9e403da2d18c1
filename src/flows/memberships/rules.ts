import type { CartMembership, MembershipForSale, MembershipPrice } from '../../api/contract/memberships.ts';
import { MEMBERSHIP_MAX_QUANTITY } from '../../api/contract/memberships.ts';
import { hasMixedCurrencies, invalidReference } from '../../domain/membershipRules.ts';
import type { MembershipLine } from '../../state/purchase.ts';
import type { ChoiceProblem } from '../checkout/PurchaseCard.tsx';
import type { ChoiceCheck } from '../checkout/purchase.ts';

/** A chosen line's problem, keyed by its place in the cart. */
export function checkLines(
  lines: readonly MembershipLine[],
  priceOf: (l: MembershipLine) => MembershipPrice | undefined,
): ChoiceCheck<ChoiceProblem> {
  const problems: Record<number, ChoiceProblem> = {};
  lines.forEach((l, i) => {
    const price = priceOf(l);
    const bad = invalidReference(price?.references ?? [], l.references);
    if (bad !== null) problems[i] = { key: 'errors.validateReferences' };
    else if (price?.termsId !== null && price?.termsId !== undefined && !l.termsAccepted)
      problems[i] = { key: 'memberships.acceptTerms' };
  });
  return { mustSelect: lines.length === 0, problems };
}

/** Why another membership at this price cannot join the cart (the server says the same). */
export function cannotAdd(lines: readonly MembershipLine[], price: MembershipPrice): string | null {
  if (lines.length >= MEMBERSHIP_MAX_QUANTITY) return 'membership_max_quantity';
  if (hasMixedCurrencies([...lines.map((l) => l.currencyCode), price.currency.CurrencyCode]))
    return 'membership_mixed_currencies';
  return null;
}

/** The cart payload's line. */
export function cartMembership(l: MembershipLine): CartMembership {
  return {
    id: l.membershipId,
    priceId: l.priceId,
    kind: l.kind,
    termsAccepted: l.termsAccepted,
    ...(l.priceCode ? { priceCode: l.priceCode } : {}),
    ...(l.memberNumber ? { memberNumber: l.memberNumber } : {}),
    ...(Object.keys(l.references).length ? { references: l.references } : {}),
    ...(l.seat ? { seat: { si: l.seat.si, x: l.seat.x, y: l.seat.y, tg: l.seat.tg } } : {}),
  };
}

/** What a line costs as listed (the price less its discount). */
export function lineAmount(price: MembershipPrice | undefined, listed: number): number {
  return price ? price.Price - (price.discount?.amount ?? 0) : listed;
}

export const needsSeat = (m: MembershipForSale | undefined, l: MembershipLine) =>
  !!m?.hasSeats && l.kind === 'new';
