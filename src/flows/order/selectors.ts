import type { Locale } from '../../api/contract/common.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { validateCustomerInfo } from '../../domain/customer.ts';
import { allowedPayments, checkTickets, priceOrder, ruleGroupsOf } from '../../domain/order/tickets.ts';
import { pickText } from '../../i18n/format.ts';
import { type CardErrors, cardErrors } from '../checkout/CardForm.tsx';
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

/** The customer-form and card problems of the order as it stands (no card is asked for a free order). */
export function formProblems(
  s: Pick<OrderState, 'customer' | 'card'>,
  settings: Settings,
  total: number,
  now: Date,
): { fe: Record<string, string>; ce: CardErrors } {
  const fe: Record<string, string> = {};
  for (const pr of validateCustomerInfo(settings.customerInfo.order, s.customer)) fe[pr.field] ??= pr.code;
  const ce: CardErrors = total > 0 ? cardErrors(s.card, now) : {};
  return { fe, ce };
}

/**
 * The messages under the form fields: none before the first attempt to pay, then they follow the
 * customer's corrections; the box office's own field error is added until that field changes.
 */
export function shownFormErrors(
  s: Pick<OrderState, 'customer' | 'card' | 'submitted' | 'serverErrors'>,
  settings: Settings,
  total: number,
  now: Date,
): { form: Record<string, string>; card: CardErrors } {
  const shown = s.submitted ? formProblems(s, settings, total, now) : { fe: {}, ce: {} };
  return { form: { ...shown.fe, ...s.serverErrors.form }, card: { ...shown.ce, ...s.serverErrors.card } };
}

/** A ticket's name in the customer's language ('' when no such ticket). */
export function ticketName(groups: readonly TicketGroup[], id: number | null, locale: Locale): string {
  for (const g of groups) {
    const tk = g.tickets.find((x) => x.id === id);
    if (tk) return pickText(tk.name, locale);
  }
  return '';
}
