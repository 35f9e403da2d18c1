import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { RoomRow } from './rooms.ts';

/** One admission round a second: any process may run it; the first to claim a room's round does. */
export const ROUND_MS = 1_000;
/** A round after a long pause (a restart, the database away) admits for at most this long. */
const MAX_ROUND_GAP_MS = 5_000;
/** The measured rate follows what happened over about the last ten rounds. */
const MEASURE_WEIGHT = 0.2;

export interface RoundInputs {
  now: number;
  /** The p95 (ms) of admitted buyers' seat and checkout calls since the last round; null: none made. */
  latencyMs: number | null;
}

/** The rate a latency target leads to: down 30 % when over it, up 5 % when well under (slow to rise). */
export function adaptedRate(
  room: Pick<RoomRow, 'rate_per_minute' | 'admit_per_minute' | 'target_ms'>,
  latencyMs: number | null,
): number {
  if (room.target_ms === null || latencyMs === null) return room.rate_per_minute;
  const floor = Math.max(1, Math.floor(room.admit_per_minute / 10));
  const ceiling = room.admit_per_minute * 10;
  if (latencyMs > room.target_ms) return Math.max(floor, Math.floor(room.rate_per_minute * 0.7));
  if (latencyMs < room.target_ms * 0.7) return Math.min(ceiling, Math.ceil(room.rate_per_minute * 1.05) + 1);
  return room.rate_per_minute;
}

/** What one round changes, computed from the room as the round read it (pure; property-tested). */
export function admit(
  room: Pick<RoomRow, 'admitted_through' | 'next_position' | 'carry_milli' | 'measured_per_minute'>,
  rate: number,
  elapsedMs: number,
): { admitted_through: number; carry_milli: number; measured_per_minute: number } {
  const waiting = room.next_position - room.admitted_through;
  const budget = room.carry_milli + Math.floor((rate * elapsedMs) / 60);
  const whole = Math.floor(budget / 1000);
  const take = Math.min(whole, waiting);
  // Capacity the queue could not use is not banked: an empty room does not let a crowd in at once later.
  const carry = take < whole ? 0 : budget - whole * 1000;
  let measured = room.measured_per_minute;
  if (waiting > 0 && elapsedMs > 0) {
    // Admissions per minute while people waited: what a place further back can expect.
    const observed = take < whole ? rate : (take * 60_000) / elapsedMs;
    measured = measured === 0 ? observed : measured + MEASURE_WEIGHT * (observed - measured);
  }
  return {
    admitted_through: room.admitted_through + take,
    carry_milli: carry,
    measured_per_minute: Math.round(measured),
  };
}

/**
 * A room's round: claims it (nobody else runs the same round), draws the places of those who came
 * before the opening once the sale opens, decides whether the queue is in force (auto: while more buyers
 * hold seats than the room allows), adapts the rate to the latency target, and lets the next places in.
 * Answers whether this process ran the round.
 */
export async function runRound(db: Kysely<Database>, roomId: string, inputs: RoundInputs): Promise<boolean> {
  const { now } = inputs;
  return db.transaction().execute(async (trx) => {
    const room = await trx
      .selectFrom('waiting_rooms')
      .selectAll()
      .where('id', '=', roomId)
      .executeTakeFirst();
    if (!room || room.mode === 'off' || now - room.last_tick_at < ROUND_MS * 0.9) return false;
    // The claim takes the row: what the round reads from here on is current, and no other round runs.
    const fresh = await trx
      .updateTable('waiting_rooms')
      .set({ last_tick_at: now })
      .where('id', '=', roomId)
      .where('last_tick_at', '=', room.last_tick_at)
      .returningAll()
      .executeTakeFirst();
    if (!fresh) return false;
    const current = { ...fresh, last_tick_at: room.last_tick_at };
    let nextPosition = current.next_position;
    let drawn = current.drawn;
    // The opening's draw, then each round the places taken since.
    if (drawn === 1 || now >= current.opens_at) {
      nextPosition += await numberPlaces(trx, roomId, nextPosition, current.opens_at);
      drawn = 1;
    }
    const presentationIds = (
      await trx
        .selectFrom('waiting_room_presentations')
        .select('presentation_id')
        .where('room_id', '=', roomId)
        .execute()
    ).map((r) => r.presentation_id);
    const buyers = current.mode === 'auto' ? await activeBuyers(trx, presentationIds, now) : current.buyers;
    const waiting = nextPosition - current.admitted_through;
    const active =
      current.mode === 'on' ||
      buyers > (current.auto_buyers ?? Infinity) ||
      (current.active === 1 && waiting > 0);
    const rate = adaptedRate(current, inputs.latencyMs);
    // Admission runs from the opening: the round that draws lets in one round's worth, not the wait before.
    const since = Math.max(current.last_tick_at, current.opens_at);
    const elapsed = since >= now ? ROUND_MS : Math.min(MAX_ROUND_GAP_MS, now - since);
    // Not in force: everyone who arrives goes straight in; the places given so far count as admitted.
    const next =
      drawn === 1 && active
        ? admit({ ...current, next_position: nextPosition }, rate, elapsed)
        : {
            admitted_through: drawn === 1 ? nextPosition : current.admitted_through,
            carry_milli: 0,
            measured_per_minute: current.measured_per_minute,
          };
    await trx
      .updateTable('waiting_rooms')
      .set({
        ...next,
        drawn,
        next_position: nextPosition,
        active: active ? 1 : 0,
        rate_per_minute: rate,
        buyers,
        latency_ms: inputs.latencyMs ?? current.latency_ms,
      })
      .where('id', '=', roomId)
      .execute();
    return true;
  });
}

/**
 * Numbers the places that have none yet, after `after`: at the opening, everyone who came before it, in
 * the order of their random keys (so a minute early is as good as an hour early), then those who came
 * since in the order they came; each round after, the new arrivals in the order they came (one who came
 * before the opening and whose join finished only after its draw comes first among them). Answers how
 * many it numbered.
 */
async function numberPlaces(
  trx: Kysely<Database>,
  roomId: string,
  after: number,
  opensAt: number,
): Promise<number> {
  const result = await sql`
    update queue_entries set position = ${after} + numbered.place
    from (
      select visitor, row_number() over (
        order by case when joined_at < ${opensAt} then 0 else 1 end,
          case when joined_at < ${opensAt} then draw_key else joined_at end, visitor
      ) as place
      from queue_entries where room_id = ${roomId} and position is null
    ) as numbered
    where queue_entries.room_id = ${roomId} and queue_entries.visitor = numbered.visitor`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Visitors holding seats of the room's presentations now: the load an auto room watches. */
async function activeBuyers(trx: Kysely<Database>, presentationIds: number[], now: number): Promise<number> {
  if (presentationIds.length === 0) return 0;
  const row = await trx
    .selectFrom('seat_holds')
    .select((eb) => eb.fn.count<number>('visitor').distinct().as('n'))
    .where('presentation_id', 'in', presentationIds)
    .where('state', '=', 'held')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
