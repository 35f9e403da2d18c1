/**
 * What a staff refund of chosen lines gives back (issue 36), pure: the lines' value less the venue's
 * cancellation fee, the service charges kept (spec section 9, as a customer's own cancellation keeps
 * them); or, with the fee waived, everything the lines cost. The fee is the venue's rule of the customer
 * area (a fixed part per refund or per ticket, plus a percentage of the ticket prices with their
 * add-ons), never more than the lines are worth. Amounts are minor units.
 */

export interface RefundLine {
  /** A ticket: its price with its add-ons, and its service charge. */
  price: number;
  serviceCharge: number;
  isTicket: boolean;
}

export interface FeeRule {
  fixed: number;
  percent: number;
  perTicket: boolean;
}

export interface RefundValue {
  /** What the lines cost, service charges included. */
  value: number;
  fee: number;
  /** Service charges the venue keeps. */
  kept: number;
  refund: number;
}

export function refundValue(
  lines: readonly RefundLine[],
  rule: FeeRule,
  waived: boolean,
  /** An order in another currency than the venue's pays only the percentage (the fixed part is the venue's money). */
  foreignCurrency: boolean,
): RefundValue {
  const prices = lines.reduce((s, l) => s + l.price, 0);
  const charges = lines.reduce((s, l) => s + l.serviceCharge, 0);
  const value = prices + charges;
  if (waived) return { value, fee: 0, kept: 0, refund: value };
  const tickets = lines.filter((l) => l.isTicket);
  const ticketValue = tickets.reduce((s, l) => s + l.price, 0);
  const fixed =
    foreignCurrency || tickets.length === 0 ? 0 : rule.perTicket ? rule.fixed * tickets.length : rule.fixed;
  const fee = Math.min(prices, fixed + Math.round((ticketValue * rule.percent) / 100));
  return { value, fee, kept: charges, refund: prices - fee };
}
