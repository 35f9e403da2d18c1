/**
 * The handling fee (the spec's service charge) and the all-in price of one ticket: the one rule the box
 * office charges by (priceOrder, the video line) and every place the shop first shows a price (the
 * events board, the seat step, the price list, the video cards) reads. A price shown without its fee
 * is not the price paid, so the shop shows tickets all in. Amounts are integer agorot.
 */

/**
 * The handling fee of one ticket: the ticket's own when its price list sets one, else the
 * presentation's (set in the back office). A hold order carries none (`withoutServiceCharge`).
 */
export function ticketServiceCharge(ticketCharge: number, presentationCharge: number): number {
  return ticketCharge > 0 ? ticketCharge : presentationCharge;
}

/** What one ticket costs a normal order: its price, its handling fee, and the two together. */
export interface AllInPrice {
  price: number;
  serviceCharge: number;
  total: number;
}

/**
 * One ticket all in. The fee is charged per seat (priceOrder), so a ticket for several seats (a couple
 * ticket, `multiplyFactor` 2) carries it once for each.
 */
export function allInPrice(
  ticket: { price: number; serviceCharge: number; multiplyFactor?: number },
  presentationCharge: number,
): AllInPrice {
  const seats = Math.max(1, ticket.multiplyFactor ?? 1);
  const serviceCharge = ticketServiceCharge(ticket.serviceCharge, presentationCharge) * seats;
  return { price: ticket.price, serviceCharge, total: ticket.price + serviceCharge };
}

/**
 * The cheapest ticket all in (the board's "from" price): the lowest price plus fee, not the lowest price,
 * since tickets may carry fees of their own. On a tie the smaller fee, so the fee named beside the price
 * is never more than it must be. Null without tickets.
 */
export function lowestAllIn(
  tickets: readonly { price: number; serviceCharge: number }[],
  presentationCharge: number,
): AllInPrice | null {
  let best: AllInPrice | null = null;
  for (const t of tickets) {
    const p = allInPrice(t, presentationCharge);
    if (!best || p.total < best.total || (p.total === best.total && p.serviceCharge < best.serviceCharge))
      best = p;
  }
  return best;
}

/**
 * The handling fee per seat every ticket of a list carries, when they all carry the same one (the price
 * list then says it once under the table); null when the fees differ (each row says its own).
 */
export function sharedServiceCharge(
  tickets: readonly { serviceCharge: number }[],
  presentationCharge: number,
): number | null {
  const fees = new Set(tickets.map((t) => ticketServiceCharge(t.serviceCharge, presentationCharge)));
  return fees.size === 1 ? [...fees][0]! : null;
}
