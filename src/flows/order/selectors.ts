import type { Locale } from '../../api/contract/common.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { allowedPayments, checkTickets, priceOrder, ruleGroupsOf } from '../../domain/order/tickets.ts';
import { pickText } from '../../i18n/format.ts';
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

/** A ticket's name in the customer's language ('' when no such ticket). */
export function ticketName(groups: readonly TicketGroup[], id: number | null, locale: Locale): string {
  for (const g of groups) {
    const tk = g.tickets.find((x) => x.id === id);
    if (tk) return pickText(tk.name, locale);
  }
  return '';
}
