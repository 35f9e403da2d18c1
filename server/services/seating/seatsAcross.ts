import { type Kysely, sql } from 'kysely';
import { seatKey } from '../../../src/domain/seatKey.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { getSellablePresentation } from '../catalogue/presentations.ts';
import { cartHoldMs, lockTtlMs } from './holdTimes.ts';
import { releaseHold, type SeatAt, tryHold } from './holds.ts';

type Db = Kysely<Database>;

export type { SeatAt } from './holds.ts';

/**
 * Holds a seat in each of several presentations for one visitor, all or nothing (a season subscriber's
 * fixed seat, a series membership's seat): one transaction takes them in presentation order, and the
 * first that is sold or held by someone else rolls every one back, refused with `enrolment_seat_taken`
 * naming that presentation. Two callers racing for one seat in one season serialise on the first
 * presentation's row (the primary key), so one gets every presentation and the other none, on SQLite
 * and PostgreSQL alike. Every presentation must be on sale and each seat an online seat of its plan.
 * Answers when the holds lapse (the earliest of them). A seat the address let go and takes again at once
 * continues its hold (holds.ts), as in the seat order: a script cannot keep a season seat by cycling ids.
 */
export async function holdSeatsAcross(
  db: Db,
  seats: readonly SeatAt[],
  visitor: string,
  now: number,
  holder: { address: string | null; retakeMs?: number },
): Promise<{ expiresAt: number }> {
  if (seats.length === 0) throw new AppError('formValidation', 'no seat to hold');
  const ordered = [...seats].sort((a, b) => a.presentationId - b.presentationId);
  const plans = new Map<number, { seatplanId: number; ttl: number; span: number }>();
  for (const s of ordered) {
    if (plans.has(s.presentationId)) throw new AppError('formValidation', 'one seat per presentation');
    const p = await getSellablePresentation(db, s.presentationId, now);
    if (!p.isReserved || p.isVod)
      throw new AppError('formValidation', 'the presentation has no numbered seats');
    if (!p.onlineSales) throw new AppError('location_offline', 'the venue sells at the box office only');
    plans.set(s.presentationId, {
      seatplanId: p.seatplanId,
      ttl: lockTtlMs(p.lockTimer),
      span: cartHoldMs(p.lockTimer),
    });
  }
  for (const s of ordered) {
    const onPlan = await db
      .selectFrom('plan_seats as s')
      .innerJoin('allocations as a', 'a.id', 's.allocation_id')
      .select('a.is_online')
      .where('s.seatplan_id', '=', plans.get(s.presentationId)!.seatplanId)
      .where('s.section_id', '=', s.sectionId)
      .where('s.x', '=', s.x)
      .where('s.y', '=', s.y)
      .executeTakeFirst();
    if (!onPlan)
      throw new AppError('seat_not_found', `no seat ${seatKey(s.sectionId, s.x, s.y)} on this plan`);
    if (onPlan.is_online !== 1) throw taken(s.presentationId);
  }
  return db.transaction().execute(async (trx) => {
    let expiresAt = Number.MAX_SAFE_INTEGER;
    for (const s of ordered) {
      const { ttl, span } = plans.get(s.presentationId)!;
      const until = await tryHold(trx, s, visitor, now, now + ttl, { ...holder, lifetimeMs: span });
      if (until === null) throw taken(s.presentationId);
      expiresAt = Math.min(expiresAt, until);
    }
    return { expiresAt };
  });
}

const taken = (presentationId: number) =>
  new AppError('enrolment_seat_taken', `the seat is taken at presentation ${presentationId}`, {
    presentationId,
  });

/**
 * Lets go of the visitor's holds on these seats (not those an order claimed); answers how many. Each is
 * recorded as let go at `now` (holds.ts), so taking it again at once continues its hold.
 */
export async function releaseSeatsAcross(
  db: Db,
  seats: readonly SeatAt[],
  visitor: string,
  now: number,
): Promise<number> {
  let released = 0;
  await db.transaction().execute(async (trx) => {
    for (const s of seats) if (await releaseHold(trx, s, visitor, now)) released++;
  });
  return released;
}

/** Of these presentations, those where the seat is sold or held live by anyone but the visitor. */
export async function presentationsWhereTaken(
  db: Db,
  presentationIds: readonly number[],
  seat: { sectionId: number; x: number; y: number },
  visitor: string,
  now: number,
): Promise<number[]> {
  if (presentationIds.length === 0) return [];
  const rows = await db
    .selectFrom('seat_holds')
    .select('presentation_id')
    .where('presentation_id', 'in', presentationIds)
    .where('section_id', '=', seat.sectionId)
    .where('x', '=', seat.x)
    .where('y', '=', seat.y)
    .where((eb) =>
      eb.or([eb('state', '=', 'sold'), eb.and([eb('expires_at', '>', now), eb('visitor', '!=', visitor)])]),
    )
    .execute();
  return [...new Set(rows.map((r) => r.presentation_id))].sort((a, b) => a - b);
}

/**
 * The free online seat of the same price level nearest to `from` in a presentation: the same section
 * first, then by row distance and seat distance (the seat plan's coordinates). Null when none is free.
 */
export async function nearestFreeSeat(
  db: Db,
  presentationId: number,
  seatplanId: number,
  from: { sectionId: number; x: number; y: number; ticketGroupId: number },
  now: number,
): Promise<{ sectionId: number; x: number; y: number } | null> {
  const row = await db
    .selectFrom('plan_seats as s')
    .innerJoin('allocations as a', 'a.id', 's.allocation_id')
    .select(['s.section_id', 's.x', 's.y'])
    .where('s.seatplan_id', '=', seatplanId)
    .where('s.ticket_group_id', '=', from.ticketGroupId)
    .where('a.is_online', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('seat_holds as h')
            .select(sql`1`.as('one'))
            .where('h.presentation_id', '=', presentationId)
            .whereRef('h.section_id', '=', 's.section_id')
            .whereRef('h.x', '=', 's.x')
            .whereRef('h.y', '=', 's.y')
            .where((eb) => eb.or([eb('h.state', '=', 'sold'), eb('h.expires_at', '>', now)])),
        ),
      ),
    )
    .orderBy(sql`case when s.section_id = ${from.sectionId} then 0 else 1 end`)
    .orderBy(sql`abs(s.y - ${from.y}) * 4 + abs(s.x - ${from.x})`)
    .limit(1)
    .executeTakeFirst();
  return row ? { sectionId: row.section_id, x: row.x, y: row.y } : null;
}

/**
 * The status map of a plan across several presentations (the seat-status call's shape: free seats only,
 * `section_x_y` → `ticketGroup,allocation`): a seat is free when it is an online seat that nobody else
 * holds live or bought in any of the presentations. `held` lists the seats the visitor holds in every
 * one of them (the seat a subscriber has already taken).
 */
export async function seatStatusAcross(
  db: Db,
  presentationIds: readonly number[],
  seatplanId: number,
  visitor: string | undefined,
  now: number,
): Promise<{ seats: Record<string, string>; held: string[] }> {
  const [planSeats, holds] = await Promise.all([
    db
      .selectFrom('plan_seats as s')
      .innerJoin('allocations as a', 'a.id', 's.allocation_id')
      .select(['s.section_id', 's.x', 's.y', 's.ticket_group_id', 's.allocation_id'])
      .where('s.seatplan_id', '=', seatplanId)
      .where('a.is_online', '=', 1)
      .execute(),
    presentationIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('seat_holds')
          .select(['presentation_id', 'section_id', 'x', 'y', 'visitor', 'state'])
          .where('presentation_id', 'in', presentationIds)
          .where((eb) => eb.or([eb('state', '=', 'sold'), eb('expires_at', '>', now)]))
          .execute(),
  ]);
  const blocked = new Set<string>();
  const mine = new Map<string, number>();
  for (const h of holds) {
    const key = seatKey(h.section_id, h.x, h.y);
    if (h.state === 'held' && visitor !== undefined && h.visitor === visitor)
      mine.set(key, (mine.get(key) ?? 0) + 1);
    else blocked.add(key);
  }
  const seats: Record<string, string> = {};
  for (const s of planSeats) {
    const key = seatKey(s.section_id, s.x, s.y);
    if (!blocked.has(key)) seats[key] = `${s.ticket_group_id},${s.allocation_id}`;
  }
  const held = [...mine].filter(([, n]) => n === presentationIds.length).map(([k]) => k);
  return { seats, held };
}
