/**
 * Who may reserve now and pay at the box office (spec section 4): a logged-in customer with an active
 * membership, today within its dates, that allows member-sale tickets. One rule for both doors: the box
 * office refuses a hold by it (server/services/checkout/holds.ts) and the shop offers one only by it
 * (src/flows/checkout), so no customer is offered what could only be refused.
 */

/** What the rule reads of a membership (the personal area's `Member` has it; dates are the venue's). */
export interface HoldingMembership {
  allowMemberSaleTickets: boolean;
  /** YYYY-MM-DD, the venue's calendar date. */
  startDate: string;
  endDate: string;
}

/**
 * Whether a customer with these active memberships may hold an order on `today` (YYYY-MM-DD, the venue's
 * calendar date). Memberships still being paid, or cancelled, must not be passed in.
 */
export function mayHold(members: readonly HoldingMembership[], today: string): boolean {
  return members.some((m) => m.allowMemberSaleTickets && m.startDate <= today && today <= m.endDate);
}
