import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { RoomState } from './rooms.ts';

/** A visitor's place in a room. Null position: came before the opening, drawn at it. */
export interface Place {
  position: number | null;
  /** When the visitor's admission pass was first issued (null: not yet). */
  passedAt: number | null;
}

/** How a waiting visitor's poll is paced: often near the front, rarely far back, jittered. */
const POLL_MIN_MS = 2_000;
/** Before the opening (staff may move it) and for a place far back (an estimate of three minutes and more). */
const POLL_BEFORE_OPENING_MS = 15_000;
const POLL_MAX_MS = 30_000;
/** A new place after the opening learns its number at the next round. */
const NUMBERING_POLL_MS = 1_500;
/** Pre-opening places learn their drawn number over this spread after the opening (no stampede). */
const OPENING_SPREAD_MS = 8_000;

export async function placeOf(
  db: Kysely<Database>,
  roomId: string,
  visitor: string,
): Promise<Place | undefined> {
  const row = await db
    .selectFrom('queue_entries')
    .select(['position', 'passed_at'])
    .where('room_id', '=', roomId)
    .where('visitor', '=', visitor)
    .executeTakeFirst();
  return row && { position: row.position, passedAt: row.passed_at };
}

/**
 * Takes a place in the room, or answers the visitor's place (a second tab, a reload: one visitor, one
 * place). A place is one insert, without a number: the admission round numbers the new places each
 * second (admission.ts), those who came before the opening in a random order at the opening, everyone
 * after in the order they arrived. No arrival waits on another's (an on-sale's thousands a second write
 * nothing shared). `again`: a visitor whose pass ran out joins again at the back.
 */
export async function joinQueue(
  db: Kysely<Database>,
  room: Pick<RoomState, 'id'>,
  visitor: string,
  now: number,
  again = false,
): Promise<Place> {
  if (again) {
    // Only a place whose pass ran out moves to the back (two tabs asking at once move it once).
    await db
      .updateTable('queue_entries')
      .set({ position: null, passed_at: null, joined_at: now })
      .where('room_id', '=', room.id)
      .where('visitor', '=', visitor)
      .where('passed_at', 'is not', null)
      .execute();
  }
  const inserted = await db
    .insertInto('queue_entries')
    .values({
      room_id: room.id,
      visitor,
      position: null,
      draw_key: randomInt(2 ** 47),
      joined_at: now,
      passed_at: null,
    })
    .onConflict((oc) => oc.columns(['room_id', 'visitor']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { position: null, passedAt: null };
  return (await placeOf(db, room.id, visitor)) ?? { position: null, passedAt: null };
}

/** Marks the visitor's pass issued (once) and answers when it was: the pass runs from there. */
export async function issuePass(
  db: Kysely<Database>,
  roomId: string,
  visitor: string,
  now: number,
): Promise<number> {
  await db
    .updateTable('queue_entries')
    .set({ passed_at: now })
    .where('room_id', '=', roomId)
    .where('visitor', '=', visitor)
    .where('passed_at', 'is', null)
    .execute();
  const place = await placeOf(db, roomId, visitor);
  return place?.passedAt ?? now;
}

export type Standing =
  | {
      state: 'waiting';
      position: number | null;
      ahead: number | null;
      estimateSeconds: number | null;
      pollMs: number;
    }
  | { state: 'admitted' };

/**
 * Where a place stands in the room's shared state: admitted once the admission has reached it; otherwise
 * how many are ahead and, from the admission rate measured over the last minute, how long that takes
 * (no estimate while nobody is being let in: before the opening, or with admission paused).
 */
export function standing(
  room: RoomState,
  position: number | null,
  now: number,
  jitter = Math.random(),
): Standing {
  if (position !== null && room.drawn === 1 && position <= room.admitted_through)
    return { state: 'admitted' };
  // Numbered by the next round (a second): asked again soon.
  if (position === null && room.drawn === 1) {
    return { state: 'waiting', position, ahead: null, estimateSeconds: null, pollMs: NUMBERING_POLL_MS };
  }
  if (position === null || room.drawn === 0) {
    const untilOpening = room.opens_at - now;
    const pollMs =
      untilOpening > POLL_BEFORE_OPENING_MS
        ? POLL_BEFORE_OPENING_MS
        : Math.max(POLL_MIN_MS, untilOpening + Math.round(jitter * OPENING_SPREAD_MS));
    return { state: 'waiting', position, ahead: null, estimateSeconds: null, pollMs };
  }
  const ahead = Math.max(0, position - room.admitted_through - 1);
  const rate = room.measured_per_minute;
  const estimateSeconds = rate > 0 ? Math.ceil(((ahead + 1) * 60) / rate) : null;
  const pollMs = Math.round(
    Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, ((estimateSeconds ?? 60) * 1000) / 6)) *
      (0.85 + 0.3 * jitter),
  );
  return { state: 'waiting', position, ahead, estimateSeconds, pollMs };
}
