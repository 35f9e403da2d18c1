import type { TicketGroup } from '../../api/contract/presentations.ts';
import { ticketServiceCharge } from './fees.ts';

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
  /** Add-ons a seat with this ticket may take, each priced per seat (none when absent). */
  addons?: readonly RuleAddon[];
  /** A seat with this ticket starts with its first add-on ticked (spec: the seat's isFirstAddonSelected). */
  isFirstAddonSelected?: boolean;
}

export interface RuleAddon {
  id: number;
  price: number;
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
  /** Add-on ids chosen for the seat, each of its ticket's add-ons at most once. */
  addons?: readonly number[];
}

export type TicketProblem =
  | { code: 'ticket_not_in_group'; key: string }
  | { code: 'multiply_factor_mismatch'; ticketId: number; seats: number }
  | { code: 'ticket_min_quantity'; ticketId: number; min: number }
  | { code: 'ticket_max_quantity'; ticketId: number; max: number }
  | { code: 'ticket_required_combination'; ticketId: number; requiredTicketId: number; min: number }
  | { code: 'ticket_sold_out'; ticketId: number; remaining: number }
  | { code: 'addon_not_offered'; key: string; addonId: number };

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
    const offered = new Set((hit.ticket.addons ?? []).map((a) => a.id));
    for (const id of s.addons ?? []) {
      // Each add-on of the ticket once: an unknown id or a repeat is never priced.
      if (!offered.delete(id)) problems.push({ code: 'addon_not_offered', key: s.key, addonId: id });
    }
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
  /** The seat's add-ons at their prices: every seat of a multi-seat ticket takes its own. */
  addons: RuleAddon[];
}

export interface OrderTotals {
  seats: PricedSeat[];
  tickets: number;
  /** The seats' add-ons. */
  addons: number;
  serviceCharge: number;
  products: number;
  total: number;
}

/**
 * Prices an order: each ticket once (a couple ticket on its first seat), a service charge per seat
 * (the ticket's own, else the presentation's), each seat's add-ons at the ticket's add-on prices,
 * products at their price times quantity. Throws on a ticket or add-on the groups do not offer
 * (`checkTickets` names those first).
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
      serviceCharge: ticketServiceCharge(t.serviceCharge, presentationServiceCharge),
      isSubTicket,
      addons: (s.addons ?? []).map((id) => {
        const addon = t.addons?.find((a) => a.id === id);
        if (!addon) throw new Error(`add-on ${id} is not offered with ticket ${t.id}`);
        return { id: addon.id, price: addon.price };
      }),
    };
  });
  const tickets = priced.reduce((a, s) => a + s.price, 0);
  const addons = priced.reduce((a, s) => a + s.addons.reduce((b, x) => b + x.price, 0), 0);
  const serviceCharge = priced.reduce((a, s) => a + s.serviceCharge, 0);
  const productTotal = products.reduce((a, p) => a + p.price * p.quantity, 0);
  return {
    seats: priced,
    tickets,
    addons,
    serviceCharge,
    products: productTotal,
    total: tickets + addons + serviceCharge + productTotal,
  };
}

/**
 * The add-ons a seat takes: those the customer chose (`chosen`, kept only where the ticket offers
 * them, once each), or when nothing was chosen yet the ticket's default: its first add-on when the
 * ticket pre-selects it, else none.
 */
export function seatAddons(ticket: RuleTicket | undefined, chosen: readonly number[] | undefined): number[] {
  const offered = ticket?.addons ?? [];
  if (chosen === undefined) {
    const first = offered[0];
    return ticket?.isFirstAddonSelected && first ? [first.id] : [];
  }
  return offered.filter((a) => chosen.includes(a.id)).map((a) => a.id);
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
      // Optional chaining: tickets built by hand (tests, older answers) may come without add-ons.
      addons: tk.addons?.map((a) => ({ id: a.id, price: a.price })),
      isFirstAddonSelected: tk.isFirstAddonSelected,
    })),
  }));
}

/** A hold order (reserve now, pay at the box office) carries no service charge on its seats (spec section 4). */
export function withoutServiceCharge(totals: OrderTotals): OrderTotals {
  return {
    ...totals,
    seats: totals.seats.map((s) => ({ ...s, serviceCharge: 0 })),
    serviceCharge: 0,
    total: totals.tickets + totals.addons + totals.products,
  };
}
