import type { CounterTender } from '../../domain/payment/counter.ts';
import type { CounterPayment } from '../../api/contract/counter.ts';
import type { CounterSaleBody } from '../../api/contract/counterSale.ts';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import {
  choosableTickets,
  defaultTicket,
  type OrderTotals,
  priceOrder,
  ruleGroupsOf,
} from '../../domain/order/tickets.ts';

/**
 * The counter's sale as plain data (issue 36): the seats the counter holds with the ticket type of each,
 * the products, and what the clerk takes; the total by the shop's own pricing (`priceOrder`), so the
 * screen shows what the box office charges. No React, no calls.
 */

/** A seat the counter holds (through the shop's seat calls) and the ticket type it is sold with. */
export interface CounterSeat {
  key: string;
  sectionId: number;
  x: number;
  y: number;
  ticketGroup: number;
  section: string;
  row: string;
  seat: string;
  /** Null: the group's default ticket. */
  ticketId: number | null;
}

/** The ticket a seat is sold with: the one chosen, else its price level's default. */
export function ticketIdOf(seat: CounterSeat, groups: readonly TicketGroup[]): number | null {
  if (seat.ticketId !== null) return seat.ticketId;
  const group = ruleGroupsOf(groups).find((g) => g.id === seat.ticketGroup);
  return defaultTicket(group)?.id ?? null;
}

/** The ticket types a seat may take, in the price list's order. */
export function ticketChoices(seat: CounterSeat, groups: readonly TicketGroup[]) {
  const group = groups.find((g) => g.id === seat.ticketGroup);
  const choosable = new Set(choosableTickets(ruleGroupsOf(group ? [group] : [])[0]).map((t) => t.id));
  return (group?.tickets ?? []).filter((t) => choosable.has(t.id));
}

/** What the sale costs; null while a seat has no ticket its price level sells. */
export function saleTotals(
  groups: readonly TicketGroup[],
  seats: readonly CounterSeat[],
  presentationCharge: number,
  products: readonly { price: number; quantity: number }[],
): OrderTotals | null {
  const chosen = seats.map((s) => ({ s, ticketId: ticketIdOf(s, groups) }));
  if (chosen.some((c) => c.ticketId === null)) return null;
  try {
    return priceOrder(
      ruleGroupsOf(groups),
      chosen.map(({ s, ticketId }) => ({ key: s.key, ticketGroupId: s.ticketGroup, ticketId: ticketId! })),
      presentationCharge,
      products,
    );
  } catch {
    return null;
  }
}

/** The cart the box office sells: the seats with their tickets, the products with their quantities. */
export function saleCart(
  presentationId: number,
  groups: readonly TicketGroup[],
  seats: readonly CounterSeat[],
  quantities: Readonly<Record<number, number>>,
): CounterSaleBody['cart'] {
  return {
    seats: seats.map((s) => ({
      pi: presentationId,
      si: s.sectionId,
      x: s.x,
      y: s.y,
      tg: s.ticketGroup,
      ticketId: ticketIdOf(s, groups) ?? 0,
    })),
    products: Object.entries(quantities)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ id: Number(id), presentationId, selectedQuantity: n })),
  };
}

/** One way the clerk is paid, as the payment panel holds it while it is typed (amounts in agorot). */
export type TenderRow =
  | { id: number; method: 'cash'; amount: number | null; tendered: number | null }
  | { id: number; method: 'cardPresent'; amount: number | null; reference: string; last4: string }
  | { id: number; method: 'giftCard'; amount: number | null; reference: string };

/** The rows as the payment rule reads them (an empty amount is nothing yet). */
export function tendersOf(rows: readonly TenderRow[]): CounterTender[] {
  return rows.map((r) => ({
    method: r.method,
    amount: r.amount ?? 0,
    ...(r.method === 'cash' ? { tendered: r.tendered ?? 0 } : { reference: r.reference.trim() }),
  }));
}

/** The payments sent to the box office; rows without an amount are left out. */
export function paymentsOf(rows: readonly TenderRow[]): CounterPayment[] {
  return rows
    .filter((r) => (r.amount ?? 0) > 0)
    .map((r): CounterPayment => {
      const amount = r.amount!;
      if (r.method === 'cash') return { method: 'cash', amount, tendered: r.tendered ?? 0 };
      if (r.method === 'giftCard') return { method: 'giftCard', amount, reference: r.reference.trim() };
      const last4 = r.last4.trim();
      return { method: 'cardPresent', amount, reference: r.reference.trim(), ...(last4 ? { last4 } : {}) };
    });
}

/**
 * Quick amounts for the cash handed over: the exact amount, then the next round sums a customer hands
 * over (the next 10, 50, 100 and 200), each once and above the amount; at most four.
 */
export function cashSuggestions(amount: number): number[] {
  if (amount <= 0) return [];
  const rounded = [1_000, 5_000, 10_000, 20_000].map((step) => Math.ceil(amount / step) * step);
  return [amount, ...new Set(rounded.filter((v) => v > amount))].slice(0, 4);
}
