import { type Kysely, sql } from 'kysely';
import type { LockTimer } from '../../../src/api/contract/presentations.ts';
import type { LockSeat } from '../../../src/api/contract/seats.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { getSellablePresentation } from '../catalogue/presentations.ts';
import { capacityBound, type PlaceBound, withinBound } from './capacity.ts';
import { checkHoldLimits, checkSeatCap, type HoldLimits, liveHolds } from './holdLimits.ts';
import { cartHoldMs, extensionMs, lockTtlMs } from './holdTimes.ts';
import { type ContinuedHold, heldByVisitor, type Holder, releaseHold, tryHold } from './holds.ts';
import { hasPricePolicy, seatOnSale } from './seatLookup.ts';

type Db = Kysely<Database>;

/** The hold rule of a seat call from a client address (holds.ts); none without one. */
function takerOf(holder: LockOptions['holder'], lockTimer: LockTimer): Holder {
  if (!holder) return { address: null };
  return {
    address: holder.address,
    lifetimeMs: cartHoldMs(lockTimer),
    retakeMs: holder.limits.holdRetakeSeconds * 1000,
  };
}

/**
 * Free seats of a plan for a presentation: online allocations with no live hold and no sale; with a
 * general-admission capacity's bound, only the places up to it (capacity.ts).
 */
function freeSeatsQuery(
  db: Db,
  presentationId: number,
  seatplanId: number,
  now: number,
  sectionId?: number,
  bound?: PlaceBound | null,
) {
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
  if (bound) q = q.where(withinBound('s', bound));
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
  const bound = p.isReserved ? null : await capacityBound(db, p.seatplanId, p.capacity);
  const free = await freeSeatsQuery(db, p.id, p.seatplanId, now, q.sectionId, bound).execute();
  const seats: Record<string, string> = {};
  for (const s of free) seats[seatKey(s.section_id, s.x, s.y)] = `${s.ticket_group_id},${s.allocation_id}`;
  const held = visitor ? await heldByVisitor(db, p.id, visitor, now) : [];
  return { seats, held: held.map((h) => seatKey(h.section_id, h.x, h.y)) };
}

export interface LockOptions {
  now: number;
  maxSeats: number;
  /**
   * A swap: seats of the visitor to release once the new seat is held (`replaces` of the lock call).
   * The shop swaps at the seat cap, so the new seat must be taken before the old one goes (a refused
   * lock leaves the selection as it was) and the cap counts after the release; a plain lock and then an
   * unlock would be refused by the cap. Nothing else is needed for a swap at the box office: it changes
   * nothing a lock followed by an unlock could not, and the seat rules are checked on the whole
   * selection at commit (`enforceSeatRules`).
   */
  replaces?: readonly LockSeat[] | undefined;
  /** Refuses a presentation this shop does not sell (the settings' business ids). */
  assertSold?: (p: { id: number; businessId: number; isVod: boolean }) => void;
  /** The client address taking the hold, and the caps on live holds across presentations (holdLimits.ts). */
  holder?: { address: string; limits: HoldLimits } | undefined;
}

/** The cart's seat cap, then the caps on holds of the visitor and the address (holdLimits.ts). */
function assertCaps(
  live: Awaited<ReturnType<typeof liveHolds>>,
  presentationId: number,
  opts: { now: number; maxSeats: number; holder?: LockOptions['holder'] },
): void {
  checkSeatCap(live, presentationId, opts.maxSeats);
  if (opts.holder) checkHoldLimits(live, opts.holder.limits, opts.now, [presentationId]);
}

function noPricePolicy(ticketGroupId: number): AppError {
  return new AppError('no_price_policy', `no ticket is sold for price level ${ticketGroupId}`, {
    ticketGroupId,
  });
}

function coordinatesOf(seat: LockSeat): { x: number; y: number } {
  if (seat.XCoordinate === undefined || seat.YCoordinate === undefined) {
    throw new AppError(
      'formValidation',
      'XCoordinate and YCoordinate are required for a reserved presentation',
    );
  }
  return { x: seat.XCoordinate, y: seat.YCoordinate };
}

/**
 * Locks one seat for a visitor; for general admission the server picks the seat. A seat whose price
 * level has no ticket for sale is refused with no_price_policy before anything is held.
 */
export async function lockSeat(db: Db, seat: LockSeat, visitor: string, opts: LockOptions) {
  const { now } = opts;
  const p = await getSellablePresentation(db, seat.PresentationId, now);
  opts.assertSold?.(p);
  if (!p.onlineSales) throw new AppError('location_offline', 'the venue sells at the box office only');
  if (p.isVod) throw new AppError('lock_seat_error', 'video on demand has no seats');
  if (p.venueId !== seat.VenueId || p.seatplanId !== seat.VenueSeatplanId) {
    throw new AppError('seat_not_found', 'the seat is not on this presentation’s seat plan');
  }
  const expiresAt = now + lockTtlMs(p.lockTimer);
  const taker = takerOf(opts.holder, p.lockTimer);

  let taken: { x: number; y: number; expiresAt: number } | undefined;
  if (p.isReserved) {
    const { x, y } = coordinatesOf(seat);
    const at = { presentationId: p.id, sectionId: seat.VenueSectionId, x, y };
    const planSeat = await seatOnSale(
      db,
      { ...at, seatplanId: p.seatplanId },
      seat.TicketGroupId,
      visitor,
      taker,
      now,
    );
    if (!planSeat)
      throw new AppError('seat_not_found', `no seat ${seatKey(seat.VenueSectionId, x, y)} on this plan`);
    if (planSeat.ticketGroupId !== seat.TicketGroupId || !planSeat.isOnline) {
      throw new AppError('lock_seat_error', 'the seat is no longer available');
    }
    if (!planSeat.priced) throw noPricePolicy(seat.TicketGroupId);
    if (planSeat.takenByOther) throw new AppError('lock_seat_error', 'the seat is no longer available');
    const known = { continued: planSeat.continued };
    if (opts.replaces?.length) {
      return swapSeat(db, p, { sectionId: seat.VenueSectionId, x, y }, planSeat.ticketGroupId, visitor, {
        ...opts,
        replaces: opts.replaces,
        expiresAt,
        taker,
        known,
      });
    }
    const until = await tryHold(db, at, visitor, now, expiresAt, taker, known);
    if (until === null) throw new AppError('lock_seat_error', 'the seat is no longer available');
    taken = { x, y, expiresAt: until };
  } else {
    if (opts.replaces?.length) throw new AppError('formValidation', 'only numbered seats are swapped');
    if (!(await hasPricePolicy(db, p.id, seat.TicketGroupId))) throw noPricePolicy(seat.TicketGroupId);
    taken = await holdAnyFreeSeat(db, p, seat, visitor, now, expiresAt, taker);
  }

  // Counted after taking the seat, in a statement of its own, so two concurrent calls of one visitor (or
  // of one address) cannot both slip under a cap.
  try {
    assertCaps(await liveHolds(db, visitor, opts.holder?.address ?? null, now), p.id, opts);
  } catch (err) {
    // Recorded like any release: a refused take that continued an earlier hold must not end that hold's
    // count (a fresh take is recorded as starting now, which changes nothing for the address).
    const at = { presentationId: p.id, sectionId: seat.VenueSectionId, x: taken.x, y: taken.y };
    await releaseHold(db, at, visitor, now);
    throw err;
  }
  return { lockedSeat: { x: taken.x, y: taken.y }, expiresAt: new Date(taken.expiresAt).toISOString() };
}

/**
 * The swap of a lock call with `replaces`, in one transaction: the new seat is held first (a refusal
 * changes nothing), then the replaced seats of the visitor are released (one that lapsed already is
 * simply gone), then the cap is counted; a refusal rolls everything back. All seats must be of the new
 * seat's price level, as the shop's `checkSwap` demands (swap_price_level_error).
 */
async function swapSeat(
  db: Db,
  p: { id: number; seatplanId: number },
  to: { sectionId: number; x: number; y: number },
  ticketGroupId: number,
  visitor: string,
  opts: {
    now: number;
    maxSeats: number;
    expiresAt: number;
    replaces: readonly LockSeat[];
    taker: Holder;
    known: { continued: ContinuedHold | null };
    holder?: LockOptions['holder'];
  },
) {
  const { now, expiresAt, taker } = opts;
  const from = opts.replaces.map((r) => {
    if (r.PresentationId !== p.id)
      throw new AppError('formValidation', 'a swap stays within one presentation');
    return { sectionId: r.VenueSectionId, ...coordinatesOf(r) };
  });
  const same = (a: typeof to, b: typeof to) => a.sectionId === b.sectionId && a.x === b.x && a.y === b.y;
  if (from.some((f) => same(f, to))) throw new AppError('formValidation', 'a seat cannot replace itself');
  const levels = await db
    .selectFrom('plan_seats')
    .select(['section_id', 'x', 'y', 'ticket_group_id'])
    .where('seatplan_id', '=', p.seatplanId)
    .where((eb) =>
      eb.or(
        from.map((f) => eb.and([eb('section_id', '=', f.sectionId), eb('x', '=', f.x), eb('y', '=', f.y)])),
      ),
    )
    .execute();
  const missing = from.find((f) => !levels.some((l) => same({ sectionId: l.section_id, x: l.x, y: l.y }, f)));
  if (missing) {
    throw new AppError(
      'seat_not_found',
      `no seat ${seatKey(missing.sectionId, missing.x, missing.y)} on this plan`,
    );
  }
  if (levels.some((l) => l.ticket_group_id !== ticketGroupId)) {
    throw new AppError(
      'swap_price_level_error',
      'a seat can be swapped only for one of the same price level',
    );
  }
  return db.transaction().execute(async (trx) => {
    const until = await tryHold(
      trx,
      { presentationId: p.id, ...to },
      visitor,
      now,
      expiresAt,
      taker,
      opts.known,
    );
    if (until === null) throw new AppError('lock_seat_error', 'the seat is no longer available');
    for (const f of from) await releaseHold(trx, { presentationId: p.id, ...f }, visitor, now);
    assertCaps(await liveHolds(trx, visitor, opts.holder?.address ?? null, now), p.id, opts);
    return { lockedSeat: { x: to.x, y: to.y }, expiresAt: new Date(until).toISOString() };
  });
}

/**
 * General admission: try free seats of the section in plan order until one hold succeeds; none left
 * within the presentation's capacity is ga_not_enough_seats, as a full plan is.
 */
async function holdAnyFreeSeat(
  db: Db,
  p: { id: number; seatplanId: number; capacity: number | null },
  seat: LockSeat,
  visitor: string,
  now: number,
  expiresAt: number,
  taker: Holder,
): Promise<{ x: number; y: number; expiresAt: number }> {
  let refused: unknown;
  // Only places within the capacity are tried: the hold's key does the rest (capacity.ts).
  const bound = await capacityBound(db, p.seatplanId, p.capacity);
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidates = await freeSeatsQuery(db, p.id, p.seatplanId, now, seat.VenueSectionId, bound)
      .where('s.ticket_group_id', '=', seat.TicketGroupId)
      .orderBy('s.y')
      .orderBy('s.x')
      .limit(16)
      .execute();
    if (candidates.length === 0) break;
    for (const c of candidates) {
      const at = { presentationId: p.id, sectionId: c.section_id, x: c.x, y: c.y };
      // A place this address has held as long as a hold lasts goes to someone else; another may do.
      const until = await tryHold(db, at, visitor, now, expiresAt, taker).catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'too_many_attempts')) throw err;
        refused = err;
        return null;
      });
      if (until !== null) return { x: c.x, y: c.y, expiresAt: until };
    }
  }
  if (refused) throw refused;
  throw new AppError('ga_not_enough_seats', 'not enough places left');
}

/** Releases a seat; only the visitor holding it may. */
export async function unlockSeat(db: Db, seat: LockSeat, visitor: string, now: number) {
  const p = await getSellablePresentation(db, seat.PresentationId, now);
  if (seat.XCoordinate === undefined || seat.YCoordinate === undefined) {
    throw new AppError('formValidation', 'XCoordinate and YCoordinate are required');
  }
  const at = {
    presentationId: p.id,
    sectionId: seat.VenueSectionId,
    x: seat.XCoordinate,
    y: seat.YCoordinate,
  };
  if (!(await releaseHold(db, at, visitor, now))) {
    throw new AppError('unlock_seat_error', 'this seat is not held by you');
  }
  return { unlockedSeat: { x: seat.XCoordinate, y: seat.YCoordinate } };
}

/**
 * The one extension of a cart's timer (spec section 4): every seat the visitor holds for the
 * presentation gets a fresh lock of the longest step's length. A second extension is refused. No hold
 * outlives its span from its start (`cartHoldMs`): a seat taken again at once from the same
 * address continues its earlier hold (holds.ts), so its extension is cut short there.
 */
export async function extendLocks(db: Db, presentationId: number, visitor: string, now: number) {
  const p = await getSellablePresentation(db, presentationId, now);
  const extended = now + extensionMs(p.lockTimer);
  const life = cartHoldMs(p.lockTimer);
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('seat_holds')
      .select(['extended', 'created_at'])
      .where('presentation_id', '=', p.id)
      .where('visitor', '=', visitor)
      .where('state', '=', 'held')
      .where('expires_at', '>', now)
      .where('claimed_by', 'is', null)
      .execute();
    if (held.length === 0) throw new AppError('lock_seat_error', 'no seat is held any more');
    if (held.some((h) => h.extended === 1))
      throw new AppError('lock_extension_used', 'the time was already extended once');
    const expiresAt = Math.min(extended, ...held.map((h) => Number(h.created_at) + life));
    await trx
      .updateTable('seat_holds')
      .set({
        expires_at: sql<number>`CASE WHEN created_at + ${life} < ${extended} THEN created_at + ${life} ELSE ${extended} END`,
        extended: 1,
      })
      .where('presentation_id', '=', p.id)
      .where('visitor', '=', visitor)
      .where('state', '=', 'held')
      .where('expires_at', '>', now)
      .where('claimed_by', 'is', null)
      .execute();
    return { expiresAt: new Date(expiresAt).toISOString(), seats: held.length };
  });
}
