import type { Selectable } from 'kysely';
import { seatKey } from '../../../../src/domain/seatKey.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { memberStanding } from '../../catalogue/memberTickets.ts';
import type { CheckoutContext, OrderRef, Trx } from './types.ts';

type TicketRow = Selectable<Database['tickets']>;
type MemberSeat = {
  si: number;
  x: number;
  y: number;
  ticketId: number;
  memberNumber?: string | null | undefined;
};

/** The member a seat's member ticket is bought as, and the points it costs. */
export interface SeatMember {
  memberNumber: string | null;
  pointsUsed: number;
}

/** What an order takes from one member: tickets of the balance, points. */
export interface MemberUse {
  memberNumber: string;
  tickets: number;
  points: number;
}

/** The tickets among these (read once by the checkout) whose membership makes them member tickets. */
export function ticketRows(rows: ReadonlyMap<number, TicketRow>): Map<number, TicketRow> {
  return new Map([...rows].filter(([, r]) => r.membership_id !== null));
}

/**
 * Member tickets (issue 16), re-checked on every purchase: a member ticket is bought as a member of its
 * membership owned by the logged-in account (memberNotFound; logged out: not_logged_in), running
 * (memberNotStarted, memberExpired), a member-sale ticket only where the membership allows them
 * (no_valid_membership_for_member_sale); a membership with a ticket balance gives at most what is left
 * of it (none: memberNoneAvailable, too few: ticket_balance_error); points tickets stay within the
 * member's points (loyalty_points_error). The members are locked (FOR UPDATE; SQLite has one writer)
 * until the order is written, so two orders cannot both spend the last of a balance.
 * `seats` are all the cart's seats on member tickets, with `isSubTicket` as priced.
 */
export async function checkMemberSeats(
  trx: Trx,
  ctx: CheckoutContext,
  seats: readonly (MemberSeat & { isSubTicket: boolean })[],
  tickets: ReadonlyMap<number, TicketRow>,
): Promise<{ perSeat: SeatMember[]; uses: MemberUse[] }> {
  if (seats.length === 0) return { perSeat: [], uses: [] };
  if (!ctx.accountId) throw new AppError('not_logged_in', 'log in to buy member tickets');
  const numbers = [...new Set(seats.flatMap((s) => (s.memberNumber ? [s.memberNumber] : [])))].sort();
  const members = numbers.length
    ? await trx
        .selectFrom('members as m')
        .innerJoin('memberships as ms', 'ms.id', 'm.membership_id')
        .select([
          'm.member_number',
          'm.membership_id',
          'm.customer_id',
          'm.additional_name',
          'm.balance',
          'm.used_balance',
          'm.points_balance',
          'm.start_date',
          'm.end_date',
          'm.state',
          'ms.ticket_balance',
          'ms.allow_member_sale_tickets',
        ])
        .where('m.member_number', 'in', numbers)
        .orderBy('m.member_number')
        .forUpdate('m')
        .execute()
    : [];
  const byNumber = new Map(members.map((m) => [m.member_number, m]));
  const uses = new Map<string, MemberUse>();
  const perSeat = seats.map((s): SeatMember => {
    const ticket = tickets.get(s.ticketId)!;
    const seat = seatKey(s.si, s.x, s.y);
    const m = s.memberNumber ? byNumber.get(s.memberNumber) : undefined;
    if (
      !m ||
      m.customer_id !== ctx.accountId ||
      m.state !== 'active' ||
      m.membership_id !== ticket.membership_id
    )
      throw new AppError(
        'memberNotFound',
        `no member of membership ${ticket.membership_id} for this ticket`,
        {
          seat,
          ...(s.memberNumber ? { memberNumber: s.memberNumber } : {}),
        },
      );
    const standing = memberStanding(m, ctx.now, ctx.settings.timeZone);
    const params = { seat, memberNumber: m.member_number };
    if (standing.isNotStarted)
      throw new AppError('memberNotStarted', `member ${m.member_number} has not started yet`, {
        ...params,
        startDate: m.start_date,
      });
    if (standing.isExpired)
      throw new AppError('memberExpired', `member ${m.member_number} has expired`, {
        ...params,
        endDate: m.end_date,
      });
    if (ticket.is_member_sale === 1 && m.allow_member_sale_tickets !== 1)
      throw new AppError(
        'no_valid_membership_for_member_sale',
        'this membership does not allow member-sale tickets',
        params,
      );
    const use = uses.get(m.member_number) ?? { memberNumber: m.member_number, tickets: 0, points: 0 };
    uses.set(m.member_number, use);
    // The seats after a multi-seat ticket's first come with it: they take nothing more.
    if (s.isSubTicket) return { memberNumber: m.member_number, pointsUsed: 0 };
    if (standing.hasTicketBalance) {
      const left = standing.balanceLeft ?? 0;
      if (left === 0)
        throw new AppError('memberNoneAvailable', `member ${m.member_number} has no tickets left`, params);
      if (use.tickets + 1 > left)
        throw new AppError('ticket_balance_error', `member ${m.member_number} has ${left} tickets left`, {
          ...params,
          balance: left,
        });
      use.tickets += 1;
    }
    const points = ticket.loyalty_points_price ?? 0;
    if (points > 0) {
      if (use.points + points > m.points_balance)
        throw new AppError(
          'loyalty_points_error',
          `member ${m.member_number} has ${m.points_balance} points`,
          {
            ...params,
            points: m.points_balance,
          },
        );
      use.points += points;
    }
    return { memberNumber: m.member_number, pointsUsed: points };
  });
  return { perSeat, uses: [...uses.values()].filter((u) => u.tickets > 0 || u.points > 0) };
}

/** The order takes its tickets from each member's balance and its points (the rows are locked). */
export async function take(trx: Trx, uses: readonly MemberUse[]): Promise<void> {
  for (const u of uses) {
    let q = trx
      .updateTable('members')
      .set((eb) => ({
        used_balance: eb('used_balance', '+', u.tickets),
        points_balance: eb('points_balance', '-', u.points),
      }))
      .where('member_number', '=', u.memberNumber)
      .where('points_balance', '>=', u.points);
    if (u.tickets > 0) q = q.where((eb) => eb('used_balance', '<=', eb(eb.ref('balance'), '-', u.tickets)));
    const taken = await q.executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw new AppError('ticket_balance_error', `member ${u.memberNumber} has too little left`, {
        memberNumber: u.memberNumber,
      });
  }
}

/**
 * The order's member tickets still pending or valid give back what they took (a failed payment, a cancelled
 * order). Called before the tickets leave those states, in the same transaction: once only.
 */
export async function giveBack(
  trx: Trx,
  order: Pick<OrderRef, 'reservationIdentifier'>,
  /** Only these tickets (a staff refund of chosen tickets); absent: all of the order's. */
  tickets?: readonly string[],
): Promise<void> {
  let q = trx
    .selectFrom('order_tickets as t')
    .innerJoin('tickets as k', 'k.id', 't.ticket_id')
    .innerJoin('members as m', 'm.member_number', 't.member_number')
    .innerJoin('memberships as ms', 'ms.id', 'm.membership_id')
    .select(['t.member_number', 't.points_used', 't.is_sub_ticket', 'ms.ticket_balance'])
    .where('t.reservation_identifier', '=', order.reservationIdentifier)
    .where('t.kind', '=', 'seat')
    .where('t.member_number', 'is not', null)
    .where('t.state', 'in', ['pending', 'valid']);
  if (tickets) q = q.where('t.ticket_identifier', 'in', tickets.length ? tickets : ['']);
  const rows = await q.execute();
  const back = new Map<string, MemberUse>();
  for (const r of rows) {
    const u = back.get(r.member_number!) ?? { memberNumber: r.member_number!, tickets: 0, points: 0 };
    if (r.is_sub_ticket !== 1 && r.ticket_balance > 0) u.tickets += 1;
    u.points += r.points_used;
    back.set(u.memberNumber, u);
  }
  for (const u of [...back.values()].sort((a, b) => a.memberNumber.localeCompare(b.memberNumber)))
    await trx
      .updateTable('members')
      .set((eb) => ({
        used_balance: eb('used_balance', '-', u.tickets),
        points_balance: eb('points_balance', '+', u.points),
      }))
      .where('member_number', '=', u.memberNumber)
      .execute();
}

const NO_CODE = { ticketCode: null, ref1: null, ref2: null, voucher: null };

/**
 * A presentation's seat codes, with the seats on member tickets left out of the code check (a member
 * number unlocks those, not a code): `check` sees the other seats, the answer is in the seats' order.
 */
export async function codesBeside<S extends { ticketId: number }, C>(
  seats: readonly S[],
  memberRows: ReadonlyMap<number, unknown>,
  check: (others: S[]) => Promise<C[]>,
): Promise<(C | typeof NO_CODE)[]> {
  const others = seats.filter((s) => !memberRows.has(s.ticketId));
  const codes = others.length ? await check(others) : [];
  let next = 0;
  return seats.map((s) => (memberRows.has(s.ticketId) ? NO_CODE : codes[next++]!));
}

/**
 * The cart's seats on member tickets (all its presentations together: one balance) checked and given
 * their member and points; answers what the order takes from each member.
 */
export async function assign(
  trx: Trx,
  ctx: CheckoutContext,
  seats: (MemberSeat & { isSubTicket: boolean; memberNumber: string | null; pointsUsed: number })[],
  memberRows: ReadonlyMap<number, TicketRow>,
): Promise<MemberUse[]> {
  const mine = seats.filter((s) => memberRows.has(s.ticketId));
  const { perSeat, uses } = await checkMemberSeats(trx, ctx, mine, memberRows);
  mine.forEach((s, i) => {
    s.memberNumber = perSeat[i]!.memberNumber;
    s.pointsUsed = perSeat[i]!.pointsUsed;
  });
  return uses;
}
