import type { Kysely } from 'kysely';
import type { MembershipLockSeatAnswer, MembershipSeat } from '../../../src/api/contract/memberships.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type HoldLimits, assertUnderHoldLimits } from '../seating/holdLimits.ts';
import { holdSeatsAcross, releaseSeatsAcross, seatStatusAcross } from '../seating/seatsAcross.ts';
import { membershipPresentations, membershipsOnSale } from './catalogue.ts';

type Db = Kysely<Database>;

/** A membership on sale that carries seats, with its presentations (all on one plan). */
export async function seatedMembership(db: Db, membershipId: number) {
  const [row] = await membershipsOnSale(db, [membershipId]);
  if (!row)
    throw new AppError('membership_not_for_sale', `membership ${membershipId} is not for sale`, {
      id: membershipId,
    });
  if (row.has_seats !== 1)
    throw new AppError('formValidation', `membership ${membershipId} carries no seats`);
  const shows = await membershipPresentations(db, membershipId);
  const first = shows[0];
  if (!first) throw new AppError('formValidation', `membership ${membershipId} has no presentations`);
  return { row, shows, venueId: first.venueId, seatplanId: first.seatplanId };
}

export async function membershipSeatStatus(
  db: Db,
  membershipId: number,
  visitor: string | undefined,
  now: number,
) {
  const m = await seatedMembership(db, membershipId);
  return seatStatusAcross(
    db,
    m.shows.map((s) => s.id),
    m.seatplanId,
    visitor,
    now,
  );
}

const across = (shows: readonly { id: number }[], s: { si: number; x: number; y: number }) =>
  shows.map((p) => ({ presentationId: p.id, sectionId: s.si, x: s.x, y: s.y }));

export interface LockMembershipSeat {
  MembershipId: number;
  VenueId: number;
  VenueSeatplanId: number;
  VenueSectionId: number;
  TicketGroupId: number;
  XCoordinate: number;
  YCoordinate: number;
  selections: MembershipSeat[];
}

/**
 * PUT /membership/lock-seat: holds the seat in every presentation of the membership, all or nothing;
 * the seat the membership held before (`selections`) is let go first (a swap), and taken back when
 * the new one cannot be had. Answers the membership's seat.
 */
export async function lockMembershipSeat(
  db: Db,
  seat: LockMembershipSeat,
  visitor: string,
  now: number,
  holder: { address: string; limits: HoldLimits },
): Promise<MembershipLockSeatAnswer> {
  const m = await seatedMembership(db, seat.MembershipId);
  if (seat.VenueId !== m.venueId || seat.VenueSeatplanId !== m.seatplanId)
    throw new AppError('formValidation', 'the seat is not on the membership’s plan');
  const tg = await db
    .selectFrom('plan_seats')
    .select('ticket_group_id')
    .where('seatplan_id', '=', m.seatplanId)
    .where('section_id', '=', seat.VenueSectionId)
    .where('x', '=', seat.XCoordinate)
    .where('y', '=', seat.YCoordinate)
    .executeTakeFirst();
  if (!tg) throw new AppError('seat_not_found', 'no such seat on this plan');
  const next = { si: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate, tg: tg.ticket_group_id };
  const before = seat.selections.filter((s) => s.si !== next.si || s.x !== next.x || s.y !== next.y);
  const taker = { address: holder.address, retakeMs: holder.limits.holdRetakeSeconds * 1000 };
  for (const s of before) await releaseSeatsAcross(db, across(m.shows, s), visitor, now);
  try {
    const { expiresAt } = await holdSeatsAcross(db, across(m.shows, next), visitor, now, taker);
    // Counted after the seat is taken (as the seat order does), so calls at once cannot all slip under.
    const shows = across(m.shows, next).map((s) => s.presentationId);
    await assertUnderHoldLimits(db, visitor, holder.address, now, holder.limits, shows).catch(
      async (e: unknown) => {
        await releaseSeatsAcross(db, across(m.shows, next), visitor, now);
        throw e;
      },
    );
    return { selections: [next], expiresAt: new Date(expiresAt).toISOString() };
  } catch (e) {
    // The swap failed: the membership keeps the seat it had, if it still can.
    for (const s of before)
      await holdSeatsAcross(db, across(m.shows, s), visitor, now, taker).catch(() => undefined);
    if (e instanceof AppError && e.code === 'enrolment_seat_taken')
      throw new AppError('lock_seat_error', 'the seat is no longer available', { ...e.params });
    throw e;
  }
}

/** PUT /membership/unlock-seat: lets go of the seat in every presentation of the membership. */
export async function unlockMembershipSeat(
  db: Db,
  seat: LockMembershipSeat,
  visitor: string,
  now: number,
): Promise<MembershipLockSeatAnswer> {
  const m = await seatedMembership(db, seat.MembershipId);
  await releaseSeatsAcross(
    db,
    across(m.shows, { si: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }),
    visitor,
    now,
  );
  const gone = (s: MembershipSeat) =>
    s.si === seat.VenueSectionId && s.x === seat.XCoordinate && s.y === seat.YCoordinate;
  return { selections: seat.selections.filter((s) => !gone(s)), expiresAt: null };
}
