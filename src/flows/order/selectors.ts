import type { Locale } from '../../api/contract/common.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import {
  allowedPayments,
  checkTickets,
  type OrderTotals,
  priceOrder,
  type RuleGroup,
  ruleGroupsOf,
  seatAddons,
} from '../../domain/order/tickets.ts';
import { pickText } from '../../i18n/format.ts';
import type { HeldSeat } from './model.ts';
import { seatMemberProblems, withMemberTickets } from './memberTickets.ts';
import type { OrderState } from './store.ts';
import { seatCodeProblems, shownCode, withCodeTickets } from './ticketCodes.ts';

/**
 * What the order flow shows and sends, derived from its state: pure functions, recomputed on each
 * render (cheap: a cart holds a few seats), never kept as state of their own.
 */

type PricingState = Pick<OrderState, 'seats' | 'groups' | 'products'> &
  Partial<Pick<OrderState, 'codes' | 'donation' | 'members' | 'memberTickets'>>;

/**
 * Prices, from the box office's data (the box office recomputes them again on payment). The groups
 * include the tickets the applied codes unlock; a donation line adds to the total.
 */
export function deriveOrder(s: PricingState, p: Presentation, settings: Settings) {
  const codes = s.codes ?? [];
  const memberTickets = s.memberTickets ?? [];
  const groups = withMemberTickets(withCodeTickets(s.groups, codes), memberTickets);
  const ruleGroups = ruleGroupsOf(groups);
  const chosen = s.seats.filter((seat) => seat.ticketId !== null);
  const seatTickets = chosen.map((seat) => ({
    key: seat.key,
    ticketGroupId: seat.ticketGroup,
    ticketId: seat.ticketId!,
    addons: addonsOf(ruleGroups, seat),
  }));
  const productLines = p.products
    .filter((pr) => (s.products[pr.id] ?? 0) > 0)
    .map((pr) => ({ ...pr, quantity: s.products[pr.id]! }));
  const donation = s.donation ?? null;
  let pricing: (OrderTotals & { donations: number }) | null;
  try {
    const priced = priceOrder(
      ruleGroups,
      seatTickets,
      p.serviceCharge.amount,
      productLines.map((l) => ({ price: l.price, quantity: l.quantity })),
    );
    const donations = donation?.amount ?? 0;
    pricing = { ...priced, donations, total: priced.total + donations };
  } catch {
    pricing = null;
  }
  const total = pricing?.total ?? 0;
  return {
    /** The ticket groups with the applied codes' tickets. */
    groups,
    ruleGroups,
    donation,
    /** Code tickets that cannot go on: a voucher past its uses, a reference missing or wrong. */
    codeProblems: seatCodeProblems(s.seats, codes),
    /** Member tickets past a member's balance or points, or of a member not running (memberUse.ts). */
    memberProblems: seatMemberProblems({ seats: s.seats, members: s.members ?? [], memberTickets }),
    /** The seats with a ticket chosen, in the order they were held. */
    chosen,
    productLines,
    pricing,
    total,
    ticketProblems: checkTickets(ruleGroups, seatTickets),
    maxPayments: allowedPayments(
      total,
      settings.payment.maxNumberOfPayments,
      settings.payment.minAmountPerPayment,
    ),
  };
}

export type DerivedOrder = ReturnType<typeof deriveOrder>;

function addonsOf(groups: readonly RuleGroup[], seat: Pick<HeldSeat, 'ticketGroup' | 'ticketId' | 'addons'>) {
  const ticket = groups.find((g) => g.id === seat.ticketGroup)?.tickets.find((t) => t.id === seat.ticketId);
  return seatAddons(ticket, seat.addons);
}

/**
 * The add-on ids a seat takes, as the cart sends them (`CartSeat.addons`): those ticked, or its
 * ticket's default while the customer has not chosen (the first add-on when the ticket pre-selects it).
 */
export function seatAddonIds(
  groups: readonly TicketGroup[],
  seat: Pick<HeldSeat, 'ticketGroup' | 'ticketId' | 'addons'>,
): number[] {
  return addonsOf(ruleGroupsOf(groups), seat);
}

/** A ticket of the groups by id, with its add-ons' names (undefined when no such ticket). */
export function ticketById(groups: readonly TicketGroup[], id: number | null) {
  for (const g of groups) {
    const tk = g.tickets.find((x) => x.id === id);
    if (tk) return tk;
  }
  return undefined;
}

/** A ticket's name in the customer's language ('' when no such ticket). */
export function ticketName(groups: readonly TicketGroup[], id: number | null, locale: Locale): string {
  const tk = ticketById(groups, id);
  return tk ? pickText(tk.name, locale) : '';
}

/** A seat's ticket for the summary: its name, and the code it comes through (a card by its last digits). */
export function seatTicketName(
  groups: readonly TicketGroup[],
  codes: readonly TicketCodeResult[],
  seat: Pick<HeldSeat, 'ticketId' | 'ticketCode'>,
  locale: Locale,
): string {
  const name = ticketName(groups, seat.ticketId, locale);
  const code = seat.ticketCode ? codes.find((c) => c.code === seat.ticketCode) : undefined;
  return code ? `${name} — ${shownCode(code)}` : name;
}

/** The add-ons priced on a seat of the order, by name, for the order summary. */
export function seatAddonLines(
  groups: readonly TicketGroup[],
  ticketId: number | null,
  priced: readonly { id: number; price: number }[] | undefined,
  locale: Locale,
): { label: string; amount: number }[] {
  const tk = ticketById(groups, ticketId);
  return (priced ?? []).map((a) => {
    const addon = tk?.addons?.find((x) => x.id === a.id);
    return { label: addon ? pickText(addon.name, locale) : String(a.id), amount: a.price };
  });
}
