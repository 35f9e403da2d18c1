import type { Kysely } from 'kysely';
import type {
  EnrolmentMembership,
  EnrolmentSeat,
  EnrolmentSelection,
  EnrollLockAnswer,
  EnrollLockBody,
  EnrollUnlockBody,
} from '../../../src/api/contract/enrolment.ts';
import { enrolmentPresentations, validOptionalChoice } from '../../../src/domain/enrolmentPricing.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { assertUnderHoldLimits, type HoldLimits } from '../seating/holdLimits.ts';
import {
  type SeatAt,
  holdSeatsAcross,
  nearestFreeSeat,
  presentationsWhereTaken,
  releaseSeatsAcross,
} from '../seating/seatsAcross.ts';
import { seatNames } from '../catalogue/seatplans.ts';
import { alreadyEnrolled, isEnrolled, nameOf } from './membership.ts';

type Db = Kysely<Database>;

export interface EnrolLockContext {
  now: number;
  visitor: string;
  customerId: string | null;
  holder: { address: string; limits: HoldLimits };
}

/** The seats the visitor holds now in the membership's presentations (live, not being paid for). */
export async function currentSelections(
  db: Db,
  m: Pick<EnrolmentMembership, 'Presentations' | 'seatplanId'>,
  visitor: string,
  now: number,
): Promise<EnrolmentSelection[]> {
  const ids = m.Presentations.map((p) => p.PresentationId);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('seat_holds as h')
    .innerJoin('plan_seats as s', (j) =>
      j
        .on('s.seatplan_id', '=', m.seatplanId)
        .onRef('s.section_id', '=', 'h.section_id')
        .onRef('s.x', '=', 'h.x')
        .onRef('s.y', '=', 'h.y'),
    )
    .select(['h.presentation_id', 'h.section_id', 'h.x', 'h.y', 's.ticket_group_id'])
    .where('h.presentation_id', 'in', ids)
    .where('h.visitor', '=', visitor)
    .where('h.state', '=', 'held')
    .where('h.expires_at', '>', now)
    .where('h.claimed_by', 'is', null)
    .orderBy('h.presentation_id')
    .orderBy('h.created_at', 'desc')
    .execute();
  const names = await seatNames(db, m.seatplanId);
  const seen = new Set<number>();
  const out: EnrolmentSelection[] = [];
  for (const r of rows) {
    if (seen.has(r.presentation_id)) continue;
    seen.add(r.presentation_id);
    out.push({
      presentationId: r.presentation_id,
      sectionId: r.section_id,
      x: r.x,
      y: r.y,
      ticketGroupId: r.ticket_group_id,
      names: nameOf(names, r.section_id, r.x, r.y),
    });
  }
  return out;
}

/** The visitor's holds in these presentations at any seat but `keep` (all of them when keep is null). */
async function releaseOthers(
  db: Db,
  presentationIds: readonly number[],
  keep: { sectionId: number; x: number; y: number } | null,
  visitor: string,
  now: number,
): Promise<void> {
  if (presentationIds.length === 0) return;
  const rows = await db
    .selectFrom('seat_holds')
    .select(['presentation_id', 'section_id', 'x', 'y'])
    .where('presentation_id', 'in', presentationIds)
    .where('visitor', '=', visitor)
    .where('state', '=', 'held')
    .where('claimed_by', 'is', null)
    .execute();
  const gone: SeatAt[] = rows
    .filter((r) => !keep || seatKey(r.section_id, r.x, r.y) !== seatKey(keep.sectionId, keep.x, keep.y))
    .map((r) => ({ presentationId: r.presentation_id, sectionId: r.section_id, x: r.x, y: r.y }));
  if (gone.length) await releaseSeatsAcross(db, gone, visitor, now);
}

function assertSameSeason(
  m: EnrolmentMembership,
  body: Pick<EnrollLockBody, 'venueId' | 'seatplanId' | 'seasonId'>,
) {
  if (body.venueId !== m.venueId || body.seatplanId !== m.seatplanId || body.seasonId !== m.SeasonId)
    throw new AppError('formValidation', 'venueId, seatplanId or seasonId is not the enrolment’s');
}

/** The seat on the season's plan, of the price level asked, and a price level the enrolment sells. */
async function assertSeat(db: Db, m: EnrolmentMembership, body: EnrollLockBody): Promise<void> {
  const seat = await db
    .selectFrom('plan_seats')
    .select('ticket_group_id')
    .where('seatplan_id', '=', m.seatplanId)
    .where('section_id', '=', body.sectionId)
    .where('x', '=', body.x)
    .where('y', '=', body.y)
    .executeTakeFirst();
  if (!seat)
    throw new AppError('seat_not_found', `no seat ${seatKey(body.sectionId, body.x, body.y)} on this plan`);
  if (seat.ticket_group_id !== body.ticketGroupId)
    throw new AppError('lock_seat_error', 'the seat is no longer available');
  if (!m.TicketGroups.some((g) => g.TicketGroupId === body.ticketGroupId))
    throw new AppError(
      'no_price_policy',
      `the enrolment sells no ticket of price level ${body.ticketGroupId}`,
      {
        ticketGroupId: body.ticketGroupId,
      },
    );
}

/** Holds, then checks the visitor's and the address's caps; over a cap the seats just taken go again. */
async function holdWithinLimits(db: Db, seats: SeatAt[], ctx: EnrolLockContext): Promise<number> {
  const { expiresAt } = await holdSeatsAcross(db, seats, ctx.visitor, ctx.now, {
    address: ctx.holder.address,
    retakeMs: ctx.holder.limits.holdRetakeSeconds * 1000,
  });
  try {
    const shows = seats.map((s) => s.presentationId);
    await assertUnderHoldLimits(db, ctx.visitor, ctx.holder.address, ctx.now, ctx.holder.limits, shows);
  } catch (err) {
    await releaseSeatsAcross(db, seats, ctx.visitor, ctx.now);
    throw err;
  }
  return expiresAt;
}

const isTaken = (err: unknown) => err instanceof AppError && err.code === 'enrolment_seat_taken';

/**
 * The enrolment's lock call. The fixed seat (no presentationId): held in every required presentation
 * and every optional one chosen, all or nothing in one transaction. Where it is taken in some of them,
 * it is held (all or nothing again) in the others, and the answer names the presentations where it is
 * taken with the nearest free seat of the same price level in each (to confirm, or to replace by another
 * pick: a lock with presentationId). The visitor's other seats in the membership's presentations go.
 */
export async function lockEnrolmentSeat(
  db: Db,
  m: EnrolmentMembership,
  body: EnrollLockBody,
  ctx: EnrolLockContext,
): Promise<EnrollLockAnswer> {
  if (ctx.customerId && (await isEnrolled(db, ctx.customerId, m.SeasonId))) throw alreadyEnrolled(m.SeasonId);
  assertSameSeason(m, body);
  await assertSeat(db, m, body);
  const seat = { sectionId: body.sectionId, x: body.x, y: body.y };
  const at = (pi: number): SeatAt => ({ presentationId: pi, ...seat });
  const all = m.Presentations.map((p) => p.PresentationId);
  let expiresAt: number | null = null;
  const taken: EnrollLockAnswer['taken'] = [];

  if (body.presentationId !== undefined) {
    const pi = body.presentationId;
    if (!all.includes(pi)) throw new AppError('formValidation', `presentation ${pi} is not in the enrolment`);
    expiresAt = await holdWithinLimits(db, [at(pi)], ctx);
    await releaseOthers(db, [pi], seat, ctx.visitor, ctx.now);
  } else {
    if (!validOptionalChoice(m, body.selections))
      throw new AppError(
        'enrolment_choice_count',
        `choose exactly ${m.optionalChoices} of the optional concerts`,
        {
          count: m.optionalChoices,
        },
      );
    const ids = enrolmentPresentations(m, body.selections);
    await releaseOthers(
      db,
      all.filter((pi) => !ids.includes(pi)),
      null,
      ctx.visitor,
      ctx.now,
    );
    let free = ids;
    for (let attempt = 0; free.length > 0; attempt++) {
      try {
        expiresAt = await holdWithinLimits(db, free.map(at), ctx);
        break;
      } catch (err) {
        if (!isTaken(err) || attempt >= 3) throw err;
        const where = await presentationsWhereTaken(db, ids, seat, ctx.visitor, ctx.now);
        free = ids.filter((pi) => !where.includes(pi));
      }
    }
    for (const pi of ids.filter((id) => !free.includes(id))) {
      const proposal = await nearestFreeSeat(
        db,
        pi,
        m.seatplanId,
        { ...seat, ticketGroupId: body.ticketGroupId },
        ctx.now,
      );
      taken.push({
        presentationId: pi,
        proposal: proposal
          ? {
              ...proposal,
              ticketGroupId: body.ticketGroupId,
              names: nameOf(await seatNames(db, m.seatplanId), proposal.sectionId, proposal.x, proposal.y),
            }
          : null,
      });
    }
    await releaseOthers(db, free, seat, ctx.visitor, ctx.now);
    await releaseOthers(
      db,
      ids.filter((pi) => !free.includes(pi)),
      null,
      ctx.visitor,
      ctx.now,
    );
  }
  return { selections: await currentSelections(db, m, ctx.visitor, ctx.now), taken, expiresAt };
}

/** Lets go of the seat of one presentation (presentationId), or of all the enrolment's seats. */
export async function unlockEnrolmentSeat(
  db: Db,
  m: EnrolmentMembership,
  body: EnrollUnlockBody,
  visitor: string,
  now: number,
): Promise<EnrollLockAnswer> {
  assertSameSeason(m, body);
  const all = m.Presentations.map((p) => p.PresentationId);
  if (body.presentationId !== undefined && !all.includes(body.presentationId))
    throw new AppError('formValidation', `presentation ${body.presentationId} is not in the enrolment`);
  const which = body.presentationId === undefined ? all : [body.presentationId];
  await releaseOthers(db, which, null, visitor, now);
  return { selections: await currentSelections(db, m, visitor, now), taken: [], expiresAt: null };
}

/** The seat of a selection as the enrolment's seat shape. */
export const seatOf = (s: EnrolmentSelection): EnrolmentSeat => ({
  sectionId: s.sectionId,
  x: s.x,
  y: s.y,
  ticketGroupId: s.ticketGroupId,
});
