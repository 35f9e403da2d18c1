import type { Locale } from '../../api/contract/common.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import {
  allowedPayments,
  checkTickets,
  priceOrder,
  type RuleGroup,
  ruleGroupsOf,
  seatAddons,
} from '../../domain/order/tickets.ts';
import { pickText } from '../../i18n/format.ts';
import type { HeldSeat } from './model.ts';
import type { OrderState } from './store.ts';

/**
 * What the order flow shows and sends, derived from its state: pure functions, recomputed on each
 * render (cheap: a cart holds a few seats), never kept as state of their own.
 */

type PricingState = Pick<OrderState, 'seats' | 'groups' | 'products'>;

/** Prices, from the box office's data (the box office recomputes them again on payment). */
export function deriveOrder(s: PricingState, p: Presentation, settings: Settings) {
  const ruleGroups = ruleGroupsOf(s.groups);
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
  let pricing: ReturnType<typeof priceOrder> | null;
  try {
    pricing = priceOrder(
      ruleGroups,
      seatTickets,
      p.serviceCharge.amount,
      productLines.map((l) => ({ price: l.price, quantity: l.quantity })),
    );
  } catch {
    pricing = null;
  }
  const total = pricing?.total ?? 0;
  return {
    ruleGroups,
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
