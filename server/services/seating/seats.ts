import { type Kysely, sql } from 'kysely';
import type { LockTimer } from '../../../src/api/contract/presentations.ts';
import type { LockSeat } from '../../../src/api/contract/seats.ts';
import { seatKey } from '../../../src/api/contract/seatplan.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { getSellablePresentation } from '../catalogue/presentations.ts';

type Db = Kysely<Database>;

/** How long a lock lives: the whole order flow, i.e. the sum of the presentation's step timers. */
export function lockTtlMs(lockTimer: LockTimer): number {
  return (
    (lockTimer.chooseSeatsInSeconds +
      lockTimer.chooseTicketsInSeconds +
      lockTimer.customerInfoInSeconds +
      lockTimer.chooseProductsInSeconds) *
    1000
  );
}

/** The one extension of a cart's timer: the longest step's length. */
export function extensionMs(lockTimer: LockTimer): number {
  return (
    Math.max(
      lockTimer.chooseSeatsInSeconds,
      lockTimer.chooseTicketsInSeconds,
      lockTimer.customerInfoInSeconds,
      lockTimer.chooseProductsInSeconds,
    ) * 1000
  );
}

/**
 * The longest a hold may live from its first lock: the whole flow, its one extension, and one payment
 * window (a payment under way keeps its seats, but re-trying payments cannot keep them forever).
 */
export function holdLifetimeMs(lockTimer: LockTimer, paymentWindowMs: number): number {
  return lockTtlMs(lockTimer) + extensionMs(lockTimer) + paymentWindowMs;
}

/** Free seats of a plan for a presentation: online allocations with no live hold and no sale. */
function freeSeatsQuery(db: Db, presentationId: number, seatplanId: number, now: number, sectionId?: number) {
  let q = db
    .selectFrom('plan_seats as s')
    .innerJoin('allocations as a', 'a.id', 's.allocation_id')
    .select(['s.section_id', 's.x', 's.y', 's.ticket_group_id', 's.allocation_id'])
    .where('s.seatplan_id', '=', seatplanId)
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
    );
  if (sectionId !== undefined) q = q.where('s.section_id', '=', sectionId);
  return q;
}

export interface StatusQuery {
  presentationId: number;
  venueTypeId: number;
  isReserved: boolean;
  sectionId?: number | undefined;
}

/** The sparse status map (free seats only) and the seats this visitor holds now. */
export async function seatsStatus(db: Db, q: StatusQuery, visitor: string | undefined, now: number) {
  const p = await getSellablePresentation(db, q.presentationId, now);
  if (p.venueTypeId !== q.venueTypeId || p.isReserved !== q.isReserved) {
    throw new AppError('formValidation', 'venueTypeId or isReserved does not match the presentation');
  }
  const free = await freeSeatsQuery(db, p.id, p.seatplanId, now, q.sectionId).execute();
  const seats: Record<string, string> = {};
  for (const s of free) seats[seatKey(s.section_id, s.x, s.y)] = `${s.ticket_group_id},${s.allocation_id}`;
  const held = visitor ? await heldByVisitor(db, p.id, visitor, now) : [];
  return { seats, held: held.map((h) => seatKey(h.section_id, h.x, h.y)) };
}

/** The seats in the visitor's cart: held, live, and not claimed by an order (paying, or a hold order). */
function heldByVisitor(db: Db, presentationId: number, visitor: string, now: number) {
  return db
    .selectFrom('seat_holds')
    .select(['section_id', 'x', 'y'])
    .where('presentation_id', '=', presentationId)
    .where('visitor', '=', visitor)
    .where('state', '=', 'held')
    .where('expires_at', '>', now)
    .where('claimed_by', 'is', null)
    .execute();
}

/**
 * The one atomic statement that takes a seat: it inserts the hold, or takes over a row that is an
 * expired hold. A row the visitor already holds is left as it is (locking it again never extends it:
 * only the one extension does). A sold seat or a live hold of someone else matches neither, so nothing
 * is returned. The primary key serialises racing callers on both SQLite and PostgreSQL. Answers the
 * hold's expiry, or null when the seat is not the visitor's.
 */
async function tryHold(
  db: Db,
  presentationId: number,
  sectionId: number,
  x: number,
  y: number,
  visitor: string,
  now: number,
  expiresAt: number,
): Promise<number | null> {
  const result = await sql<{ expires_at: number | string }>`
    INSERT INTO seat_holds (presentation_id, section_id, x, y, visitor, state, expires_at, created_at)
    VALUES (${presentationId}, ${sectionId}, ${x}, ${y}, ${visitor}, 'held', ${expiresAt}, ${now})
    ON CONFLICT (presentation_id, section_id, x, y) DO UPDATE
      SET visitor = excluded.visitor,
        expires_at = CASE WHEN seat_holds.expires_at > ${now} THEN seat_holds.expires_at ELSE excluded.expires_at END,
        created_at = CASE WHEN seat_holds.expires_at > ${now} THEN seat_holds.created_at ELSE excluded.created_at END,
        extended = CASE WHEN seat_holds.expires_at > ${now} THEN seat_holds.extended ELSE 0 END,
        claimed_by = CASE WHEN seat_holds.expires_at > ${now} THEN seat_holds.claimed_by ELSE NULL END
      WHERE seat_holds.state = 'held'
        AND (seat_holds.expires_at <= ${now} OR seat_holds.visitor = excluded.visitor)
    RETURNING expires_at`.execute(db);
  const row = result.rows[0];
  return row ? Number(row.expires_at) : null;
}

async function countHeld(db: Db, presentationId: number, visitor: string, now: number): Promise<number> {
  return (await heldByVisitor(db, presentationId, visitor, now)).length;
}

async function release(
  db: Db,
  presentationId: number,
  sectionId: number,
  x: number,
  y: number,
  visitor: string,
) {
  return db
    .deleteFrom('seat_holds')
    .where('presentation_id', '=', presentationId)
    .where('section_id', '=', sectionId)
    .where('x', '=', x)
    .where('y', '=', y)
    .where('visitor', '=', visitor)
    .where('state', '=', 'held')
    .where('claimed_by', 'is', null)
    .executeTakeFirst();
}

export interface LockOptions {
  now: number;
  maxSeats: number;
}

/** Locks one seat for a visitor; for general admission the server picks the seat. */
export async function lockSeat(db: Db, seat: LockSeat, visitor: string, opts: LockOptions) {
  const { now, maxSeats } = opts;
  const p = await getSellablePresentation(db, seat.PresentationId, now);
  if (p.isVod) throw new AppError('lock_seat_error', 'video on demand has no seats');
  if (p.venueId !== seat.VenueId || p.seatplanId !== seat.VenueSeatplanId) {
    throw new AppError('seat_not_found', 'the seat is not on this presentation’s seat plan');
  }
  const expiresAt = now + lockTtlMs(p.lockTimer);

  let taken: { x: number; y: number; expiresAt: number } | undefined;
  if (p.isReserved) {
    if (seat.XCoordinate === undefined || seat.YCoordinate === undefined) {
      throw new AppError(
        'formValidation',
        'XCoordinate and YCoordinate are required for a reserved presentation',
      );
    }
    const { XCoordinate: x, YCoordinate: y } = seat;
    const planSeat = await db
      .selectFrom('plan_seats as s')
      .innerJoin('allocations as a', 'a.id', 's.allocation_id')
      .select(['s.ticket_group_id', 'a.is_online'])
      .where('s.seatplan_id', '=', p.seatplanId)
      .where('s.section_id', '=', seat.VenueSectionId)
      .where('s.x', '=', x)
      .where('s.y', '=', y)
      .executeTakeFirst();
    if (!planSeat)
      throw new AppError('seat_not_found', `no seat ${seatKey(seat.VenueSectionId, x, y)} on this plan`);
    if (planSeat.ticket_group_id !== seat.TicketGroupId || planSeat.is_online !== 1) {
      throw new AppError('lock_seat_error', 'the seat is no longer available');
    }
    const until = await tryHold(db, p.id, seat.VenueSectionId, x, y, visitor, now, expiresAt);
    if (until === null) throw new AppError('lock_seat_error', 'the seat is no longer available');
    taken = { x, y, expiresAt: until };
  } else {
    taken = await holdAnyFreeSeat(db, p, seat, visitor, now, expiresAt);
  }

  // Counted after taking the seat, so two concurrent calls of one visitor cannot both slip under the cap.
  if ((await countHeld(db, p.id, visitor, now)) > maxSeats) {
    await release(db, p.id, seat.VenueSectionId, taken.x, taken.y, visitor);
    throw new AppError('max_seats_error', `cannot select more than ${maxSeats} seats`, { maxSeats });
  }
  return { lockedSeat: { x: taken.x, y: taken.y }, expiresAt: new Date(taken.expiresAt).toISOString() };
}

/** General admission: try free seats of the section in plan order until one hold succeeds. */
async function holdAnyFreeSeat(
  db: Db,
  p: { id: number; seatplanId: number },
  seat: LockSeat,
  visitor: string,
  now: number,
  expiresAt: number,
): Promise<{ x: number; y: number; expiresAt: number }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidates = await freeSeatsQuery(db, p.id, p.seatplanId, now, seat.VenueSectionId)
      .where('s.ticket_group_id', '=', seat.TicketGroupId)
      .orderBy('s.y')
      .orderBy('s.x')
      .limit(16)
      .execute();
    if (candidates.length === 0) break;
    for (const c of candidates) {
      const until = await tryHold(db, p.id, c.section_id, c.x, c.y, visitor, now, expiresAt);
      if (until !== null) return { x: c.x, y: c.y, expiresAt: until };
    }
  }
  throw new AppError('ga_not_enough_seats', 'not enough places left');
}

/** Releases a seat; only the visitor holding it may. */
export async function unlockSeat(db: Db, seat: LockSeat, visitor: string, now: number) {
  const p = await getSellablePresentation(db, seat.PresentationId, now);
  if (seat.XCoordinate === undefined || seat.YCoordinate === undefined) {
    throw new AppError('formValidation', 'XCoordinate and YCoordinate are required');
  }
  const result = await release(db, p.id, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate, visitor);
  if (Number(result.numDeletedRows) !== 1) {
    throw new AppError('unlock_seat_error', 'this seat is not held by you');
  }
  return { unlockedSeat: { x: seat.XCoordinate, y: seat.YCoordinate } };
}

/**
 * The one extension of a cart's timer (spec section 4): every seat the visitor holds for the
 * presentation gets a fresh lock of the longest step's length. A second extension is refused.
 */
export async function extendLocks(db: Db, presentationId: number, visitor: string, now: number) {
  const p = await getSellablePresentation(db, presentationId, now);
  const expiresAt = now + extensionMs(p.lockTimer);
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('seat_holds')
      .select(['extended'])
      .where('presentation_id', '=', p.id)
      .where('visitor', '=', visitor)
      .where('state', '=', 'held')
      .where('expires_at', '>', now)
      .where('claimed_by', 'is', null)
      .execute();
    if (held.length === 0) throw new AppError('lock_seat_error', 'no seat is held any more');
    if (held.some((h) => h.extended === 1))
      throw new AppError('lock_extension_used', 'the time was already extended once');
    await trx
      .updateTable('seat_holds')
      .set({ expires_at: expiresAt, extended: 1 })
      .where('presentation_id', '=', p.id)
      .where('visitor', '=', visitor)
      .where('state', '=', 'held')
      .where('expires_at', '>', now)
      .where('claimed_by', 'is', null)
      .execute();
    return { expiresAt: new Date(expiresAt).toISOString(), seats: held.length };
  });
}
