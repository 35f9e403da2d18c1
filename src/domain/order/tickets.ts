import type { TicketGroup } from '../../api/contract/presentations.ts';

/**
 * Ticket-type rules and prices of a seat order (spec sections 4 and 5), shared by the shop (to guide
 * the customer) and the box office (to decide). Amounts are integer agorot.
 */

export interface RuleTicket {
  id: number;
  price: number;
  serviceCharge: number;
  multiplyFactor: number;
  isMultiplyFactorSubTicket: boolean;
  ref1prompt: string | null;
  ref2prompt: string | null;
  minQuantity: number | null;
  maxQuantity: number | null;
  /** Choosing this ticket needs at least `requiredMinimum` of that ticket in the same order. */
  requiredTicketId: number | null;
  requiredMinimum: number | null;
  /** Tickets of this type still for sale for the presentation; null: no limit. */
  remaining: number | null;
}

export interface RuleGroup {
  id: number;
  tickets: RuleTicket[];
}

export interface SeatTicket {
  /** The seat key `section_x_y`. */
  key: string;
  ticketGroupId: number;
  ticketId: number;
}

export type TicketProblem =
  | { code: 'ticket_not_in_group'; key: string }
  | { code: 'multiply_factor_mismatch'; ticketId: number; seats: number }
  | { code: 'ticket_min_quantity'; ticketId: number; min: number }
  | { code: 'ticket_max_quantity'; ticketId: number; max: number }
  | { code: 'ticket_required_combination'; ticketId: number; requiredTicketId: number; min: number }
  | { code: 'ticket_sold_out'; ticketId: number; remaining: number };

/**
 * The default ticket of a seat (spec section 4): the first of its group with multiplyFactor ≤ 1 and
 * no reference prompts; one that is sold out is passed over when another qualifies.
 */
export function defaultTicket(group: RuleGroup | undefined): RuleTicket | undefined {
  const candidates = (group?.tickets ?? []).filter(
    (t) => t.multiplyFactor <= 1 && !t.isMultiplyFactorSubTicket && !t.ref1prompt && !t.ref2prompt,
  );
  return candidates.find((t) => t.remaining === null || t.remaining > 0) ?? candidates[0];
}

/** Tickets a customer can pick for a seat of the group (sub-tickets are issued, never chosen). */
export function choosableTickets(group: RuleGroup | undefined): RuleTicket[] {
  return (group?.tickets ?? []).filter((t) => !t.isMultiplyFactorSubTicket);
}

function ticketIndex(groups: readonly RuleGroup[]) {
  const byId = new Map<number, { ticket: RuleTicket; groupId: number }>();
  for (const g of groups) for (const t of g.tickets) byId.set(t.id, { ticket: t, groupId: g.id });
  return byId;
}

/**
 * Every rule the chosen tickets break, in a stable order; empty when the order may go on. Quantities
 * count tickets, so a couple ticket on two seats is one ticket.
 */
export function checkTickets(groups: readonly RuleGroup[], seats: readonly SeatTicket[]): TicketProblem[] {
  const byId = ticketIndex(groups);
  const problems: TicketProblem[] = [];
  const seatCount = new Map<number, number>();
  for (const s of seats) {
    const hit = byId.get(s.ticketId);
    if (!hit || hit.groupId !== s.ticketGroupId || hit.ticket.isMultiplyFactorSubTicket) {
      problems.push({ code: 'ticket_not_in_group', key: s.key });
      continue;
    }
    seatCount.set(s.ticketId, (seatCount.get(s.ticketId) ?? 0) + 1);
  }
  const quantity = new Map<number, number>();
  for (const [id, n] of [...seatCount].sort((a, b) => a[0] - b[0])) {
    const t = byId.get(id)!.ticket;
    const factor = Math.max(1, t.multiplyFactor);
    if (n % factor !== 0) problems.push({ code: 'multiply_factor_mismatch', ticketId: id, seats: factor });
    quantity.set(id, Math.ceil(n / factor));
  }
  for (const [id, q] of quantity) {
    const t = byId.get(id)!.ticket;
    if (t.minQuantity !== null && q < t.minQuantity)
      problems.push({ code: 'ticket_min_quantity', ticketId: id, min: t.minQuantity });
    if (t.maxQuantity !== null && q > t.maxQuantity)
      problems.push({ code: 'ticket_max_quantity', ticketId: id, max: t.maxQuantity });
    if (t.requiredTicketId !== null) {
      const need = Math.max(1, t.requiredMinimum ?? 1);
      if ((quantity.get(t.requiredTicketId) ?? 0) < need)
        problems.push({
          code: 'ticket_required_combination',
          ticketId: id,
          requiredTicketId: t.requiredTicketId,
          min: need,
        });
    }
    if (t.remaining !== null && q > t.remaining)
      problems.push({ code: 'ticket_sold_out', ticketId: id, remaining: Math.max(0, t.remaining) });
  }
  return problems;
}

export interface PricedSeat {
  key: string;
  ticketId: number;
  /** The ticket's price on the first seat it covers; 0 on the other seats of a multi-seat ticket. */
  price: number;
  serviceCharge: number;
  isSubTicket: boolean;
}

export interface OrderTotals {
  seats: PricedSeat[];
  tickets: number;
  serviceCharge: number;
  products: number;
  total: number;
}

/**
 * Prices an order: each ticket once (a couple ticket on its first seat), a service charge per seat
 * (the ticket's own, else the presentation's), products at their price times quantity.
 */
export function priceOrder(
  groups: readonly RuleGroup[],
  seats: readonly SeatTicket[],
  presentationServiceCharge: number,
  products: readonly { price: number; quantity: number }[],
): OrderTotals {
  const byId = ticketIndex(groups);
  const used = new Map<number, number>();
  const priced: PricedSeat[] = seats.map((s) => {
    const t = byId.get(s.ticketId)?.ticket;
    if (!t) throw new Error(`ticket ${s.ticketId} is not offered`);
    const k = used.get(t.id) ?? 0;
    used.set(t.id, k + 1);
    const factor = Math.max(1, t.multiplyFactor);
    const isSubTicket = k % factor !== 0;
    return {
      key: s.key,
      ticketId: t.id,
      price: isSubTicket ? 0 : t.price,
      serviceCharge: t.serviceCharge > 0 ? t.serviceCharge : presentationServiceCharge,
      isSubTicket,
    };
  });
  const tickets = priced.reduce((a, s) => a + s.price, 0);
  const serviceCharge = priced.reduce((a, s) => a + s.serviceCharge, 0);
  const productTotal = products.reduce((a, p) => a + p.price * p.quantity, 0);
  return {
    seats: priced,
    tickets,
    serviceCharge,
    products: productTotal,
    total: tickets + serviceCharge + productTotal,
  };
}

/** Number of payments a total allows: one per `minPerPayment`, at most `max`, at least 1. */
export function allowedPayments(total: number, max: number, minPerPayment: number): number {
  if (minPerPayment <= 0) return Math.max(1, max);
  return Math.max(1, Math.min(max, Math.floor(total / minPerPayment)));
}

/** The contract's ticket groups as the rules see them. */
export function ruleGroupsOf(groups: readonly TicketGroup[]): RuleGroup[] {
  return groups.map((g) => ({
    id: g.id,
    tickets: g.tickets.map((tk) => ({
      id: tk.id,
      price: tk.price,
      serviceCharge: tk.serviceCharge,
      multiplyFactor: tk.multiplyFactor,
      isMultiplyFactorSubTicket: tk.isMultiplyFactorSubTicket,
      ref1prompt: tk.ref1prompt,
      ref2prompt: tk.ref2prompt,
      minQuantity: tk.minQuantity,
      maxQuantity: tk.maxQuantity,
      requiredTicketId: tk.requiredTicketId,
      requiredMinimum: tk.requiredMinimum,
      remaining: tk.remaining,
    })),
  }));
}

/** A hold order (reserve now, pay at the box office) carries no service charge on its seats (spec section 4). */
export function withoutServiceCharge(totals: OrderTotals): OrderTotals {
  return {
    ...totals,
    seats: totals.seats.map((s) => ({ ...s, serviceCharge: 0 })),
    serviceCharge: 0,
    total: totals.tickets + totals.products,
  };
}
