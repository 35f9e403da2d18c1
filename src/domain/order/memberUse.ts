/**
 * Member tickets in a seat order (issue 16): what the cart's seats take from each member (the spec's
 * usedBalance: tickets of a ticket balance, points), and whether a seat may take one more. Pure, shared
 * by the shop's ticket step; the box office checks it all again (and locks the members) on payment.
 */

/** A member as the ticket step knows it (MemberState of the member-tickets read). */
export interface UseMember {
  memberNumber: string;
  isAvailable: boolean;
  isExpired: boolean;
  isNotStarted: boolean;
  hasTicketBalance: boolean;
  /** Tickets left of the balance before this cart; null: no balance. */
  balanceLeft: number | null;
  pointsBalance: number;
  allowMemberSaleTickets: boolean;
}

/** A member ticket offer: the ticket, what it costs in points, whether it is a member-sale ticket. */
export interface UseOffer {
  ticketId: number;
  memberNumber: string;
  loyaltyPointsPrice: number | null;
  isMemberSale: boolean;
}

/** A seat of the cart: its ticket and the member it is bought as (none: not a member ticket). */
export interface UseSeat {
  key: string;
  ticketId: number | null;
  memberNumber?: string | undefined;
  /** A seat after a multi-seat ticket's first: it takes nothing more. */
  isSubTicket?: boolean;
}

export interface MemberUse {
  tickets: number;
  points: number;
}

export type MemberProblemCode =
  | 'memberNotFound'
  | 'memberExpired'
  | 'memberNotStarted'
  | 'no_valid_membership_for_member_sale'
  | 'memberNoneAvailable'
  | 'ticket_balance_error'
  | 'loyalty_points_error';

const offerOf = (offers: readonly UseOffer[], s: UseSeat) =>
  s.memberNumber === undefined
    ? undefined
    : offers.find((o) => o.memberNumber === s.memberNumber && o.ticketId === s.ticketId);

/** What the seats take from each member (the cart's usedBalance per member number). */
export function memberUse(
  seats: readonly UseSeat[],
  offers: readonly UseOffer[],
  members: readonly UseMember[],
): Map<string, MemberUse> {
  const use = new Map<string, MemberUse>();
  for (const s of seats) {
    const offer = offerOf(offers, s);
    const member = members.find((m) => m.memberNumber === s.memberNumber);
    if (!offer || !member || s.isSubTicket) continue;
    const u = use.get(member.memberNumber) ?? { tickets: 0, points: 0 };
    if (member.hasTicketBalance) u.tickets += 1;
    u.points += offer.loyaltyPointsPrice ?? 0;
    use.set(member.memberNumber, u);
  }
  return use;
}

/**
 * Why the seat `key` may not take `offer` (null: it may), the other seats keeping their tickets: the
 * member must be running, allowed member-sale tickets, with a ticket and points left for it.
 */
export function memberChoiceProblem(
  seats: readonly UseSeat[],
  offers: readonly UseOffer[],
  members: readonly UseMember[],
  key: string,
  offer: UseOffer,
): MemberProblemCode | null {
  const member = members.find((m) => m.memberNumber === offer.memberNumber);
  if (!member) return 'memberNotFound';
  if (member.isNotStarted) return 'memberNotStarted';
  if (member.isExpired || !member.isAvailable) return 'memberExpired';
  if (offer.isMemberSale && !member.allowMemberSaleTickets) return 'no_valid_membership_for_member_sale';
  const others = memberUse(
    seats.filter((s) => s.key !== key),
    offers,
    members,
  ).get(member.memberNumber) ?? { tickets: 0, points: 0 };
  if (member.hasTicketBalance) {
    const left = member.balanceLeft ?? 0;
    if (left === 0) return 'memberNoneAvailable';
    if (others.tickets + 1 > left) return 'ticket_balance_error';
  }
  const points = offer.loyaltyPointsPrice ?? 0;
  if (points > 0 && others.points + points > member.pointsBalance) return 'loyalty_points_error';
  return null;
}

/**
 * The seats whose member ticket the box office would refuse, in seat order: a member no longer offered,
 * not running, or a balance or points overdrawn (the seats past what is left).
 */
export function memberProblems(
  seats: readonly UseSeat[],
  offers: readonly UseOffer[],
  members: readonly UseMember[],
): { key: string; code: MemberProblemCode }[] {
  const out: { key: string; code: MemberProblemCode }[] = [];
  const counted: UseSeat[] = [];
  for (const s of seats) {
    if (s.memberNumber === undefined) continue;
    if (s.isSubTicket) {
      counted.push(s);
      continue;
    }
    const offer = offerOf(offers, s);
    const code = offer ? memberChoiceProblem(counted, offers, members, s.key, offer) : 'memberNotFound';
    if (code) out.push({ key: s.key, code });
    else counted.push(s);
  }
  return out;
}
