import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError, tooManyAttempts } from '../../errors.ts';

/** The caps on live holds (config LIMIT_HELD_SEATS_PER_*) and the continued-hold rule (holds.ts). */
export interface HoldLimits {
  heldSeatsPerVisitor: number;
  heldSeatsPerAddress: number;
  heldSeatsPerAddressPerShowPercent: number;
  heldSeatsPerAddressPerShowMin: number;
  holdRetakeSeconds: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The most live holds one client address may have in a presentation of `seats` seats: the larger of a
 * share of the hall and a floor (issue 32: one address could take a 108-seat hall off sale).
 */
export function addressCapPerShow(limits: HoldLimits, seats: number): number {
  return Math.max(
    limits.heldSeatsPerAddressPerShowMin,
    Math.ceil((seats * limits.heldSeatsPerAddressPerShowPercent) / 100),
  );
}

/** One presentation's live holds of the visitor and of the address (`liveHolds`). */
interface ShowHolds {
  /** The visitor's seats in the cart: not claimed by an order (the seat cap of a presentation). */
  inCart: number;
  byAddress: number;
  addressFirst: number | null;
  seatCount: number;
}

/** What every cap on holds counts, at once (`liveHolds`). */
export interface LiveHolds {
  byVisitor: number;
  visitorFirst: number | null;
  byAddress: number;
  addressFirst: number | null;
  shows: Map<number, ShowHolds>;
}

/**
 * Every count the caps on holds need, in one statement (issue 40: a lock was six statements, three of
 * them counts): the live holds of the visitor and of the address, per presentation, with the hall's
 * size. Seats being paid for count (a script must not park seats in payments it never finishes), except
 * in `inCart`. Read after the new seats are taken, in a statement of its own, so concurrent calls (from
 * one process or many) each see the others' committed holds and cannot all slip under a cap.
 */
export async function liveHolds(
  db: Db,
  visitor: string,
  address: string | null,
  now: number,
): Promise<LiveHolds> {
  const mine = sql`h.visitor = ${visitor}`;
  const here = address === null ? sql`1 = 0` : sql`h.holder_address = ${address}`;
  const rows = await sql<{
    presentation_id: number;
    seat_count: number;
    mine: number | string;
    mine_first: number | string | null;
    in_cart: number | string;
    here: number | string;
    here_first: number | string | null;
  }>`
    SELECT h.presentation_id, sp.seat_count,
      SUM(CASE WHEN ${mine} THEN 1 ELSE 0 END) AS mine,
      MIN(CASE WHEN ${mine} THEN h.expires_at END) AS mine_first,
      SUM(CASE WHEN ${mine} AND h.claimed_by IS NULL THEN 1 ELSE 0 END) AS in_cart,
      SUM(CASE WHEN ${here} THEN 1 ELSE 0 END) AS here,
      MIN(CASE WHEN ${here} THEN h.expires_at END) AS here_first
    FROM seat_holds h
      JOIN presentations p ON p.id = h.presentation_id
      JOIN seatplans sp ON sp.id = p.seatplan_id
    WHERE h.state = 'held' AND h.expires_at > ${now} AND (${mine} OR ${here})
    GROUP BY h.presentation_id, sp.seat_count`.execute(db);
  const live: LiveHolds = {
    byVisitor: 0,
    visitorFirst: null,
    byAddress: 0,
    addressFirst: null,
    shows: new Map(),
  };
  const earliest = (a: number | null, b: number | string | null) =>
    b === null ? a : a === null ? Number(b) : Math.min(a, Number(b));
  for (const r of rows.rows) {
    live.byVisitor += Number(r.mine);
    live.visitorFirst = earliest(live.visitorFirst, r.mine_first);
    live.byAddress += Number(r.here);
    live.addressFirst = earliest(live.addressFirst, r.here_first);
    live.shows.set(Number(r.presentation_id), {
      inCart: Number(r.in_cart),
      byAddress: Number(r.here),
      addressFirst: r.here_first === null ? null : Number(r.here_first),
      seatCount: Number(r.seat_count),
    });
  }
  return live;
}

/**
 * Refuses (429 too_many_attempts, Retry-After) when the visitor or the client address holds more live
 * seats than the caps allow: the visitor's and the address's across every presentation, and the
 * address's in each of `presentationIds` (the presentations just taken from) against its share of the
 * hall. Pure: the counts come from `liveHolds`, read after the new seats are taken; the caller releases
 * them on a refusal.
 */
export function checkHoldLimits(
  live: LiveHolds,
  limits: HoldLimits,
  now: number,
  presentationIds: readonly number[],
): void {
  if (live.byVisitor > limits.heldSeatsPerVisitor)
    throw refusal(
      `a visitor may hold at most ${limits.heldSeatsPerVisitor} seats at once`,
      live.visitorFirst,
      now,
    );
  if (live.byAddress > limits.heldSeatsPerAddress)
    throw refusal(
      `at most ${limits.heldSeatsPerAddress} seats may be held from one address at once`,
      live.addressFirst,
      now,
    );
  for (const id of presentationIds) {
    const show = live.shows.get(id);
    if (!show) continue;
    const cap = addressCapPerShow(limits, show.seatCount);
    if (show.byAddress > cap)
      throw refusal(
        `at most ${cap} seats of presentation ${id} may be held from one address at once`,
        show.addressFirst,
        now,
      );
  }
}

/** The seat cap of one presentation's cart (the settings' maximum seats per order): max_seats_error. */
export function checkSeatCap(live: LiveHolds, presentationId: number, maxSeats: number): void {
  if ((live.shows.get(presentationId)?.inCart ?? 0) > maxSeats)
    throw new AppError('max_seats_error', `cannot select more than ${maxSeats} seats`, { maxSeats });
}

/** `liveHolds` and `checkHoldLimits`: the caps after seats of `presentationIds` were taken. */
export async function assertUnderHoldLimits(
  db: Db,
  visitor: string,
  address: string,
  now: number,
  limits: HoldLimits,
  presentationIds: readonly number[],
): Promise<void> {
  checkHoldLimits(await liveHolds(db, visitor, address, now), limits, now, presentationIds);
}

function refusal(message: string, firstExpiry: number | null, now: number): AppError {
  return tooManyAttempts(message, (firstExpiry ?? now) - now);
}
