import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { tooManyAttempts } from '../../errors.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One seat of one presentation. */
export interface SeatAt {
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
}

/**
 * Who takes a hold: the client address, and the rule that makes a seat given up and taken again by the
 * same address at once one continued hold (issue 32). Without the rule a script holds a seat forever:
 * it lets the hold lapse (or unlocks it) and takes it again under a fresh visitor id, each time for a
 * whole new flow. With it, the seat's hold keeps its first start while the address comes back within
 * `retakeMs` of letting it go, and ends for good `lifetimeMs` after that start (the whole flow and its
 * one extension, what one customer could hold it); then the address may take it again only once it has
 * been free to everyone else for `retakeMs`.
 */
export interface Holder {
  address: string | null;
  lifetimeMs?: number | undefined;
  retakeMs?: number | undefined;
}

/**
 * The one atomic statement that takes a seat: it inserts the hold, or takes over a row that is an
 * expired hold. A row the visitor already holds is left as it is (locking it again never extends it:
 * only the one extension does). A sold seat or a live hold of someone else matches neither, so nothing
 * is returned. The primary key serialises racing callers on both SQLite and PostgreSQL. Answers the
 * hold's expiry, or null when the seat is not the visitor's; throws too_many_attempts (Retry-After) when
 * the address's continued hold of the seat has used its lifetime.
 */
export async function tryHold(
  db: Db,
  seat: SeatAt,
  visitor: string,
  now: number,
  expiresAt: number,
  holder: Holder,
  /** The address's earlier hold of the seat, when the caller read it already (`continuedHoldColumns`). */
  known?: { continued: ContinuedHold | null },
): Promise<number | null> {
  const { presentationId, sectionId, x, y } = seat;
  const address = holder.address;
  let startedAt = now;
  let until = expiresAt;
  if (address !== null && holder.lifetimeMs !== undefined && holder.retakeMs) {
    const before = known
      ? known.continued
      : await continuedHold(db, seat, address, now, now - holder.retakeMs);
    if (before) {
      startedAt = before.startedAt;
      const end = startedAt + holder.lifetimeMs;
      if (end <= now)
        throw tooManyAttempts(
          'this address held the seat as long as one hold lasts; it is free to others for a while',
          before.endedAt + holder.retakeMs - now,
        );
      until = Math.min(expiresAt, end);
    }
  }
  const result = await sql<{ expires_at: number | string }>`
    INSERT INTO seat_holds (presentation_id, section_id, x, y, visitor, state, expires_at, created_at, holder_address)
    VALUES (${presentationId}, ${sectionId}, ${x}, ${y}, ${visitor}, 'held', ${until}, ${startedAt}, ${address})
    ON CONFLICT (presentation_id, section_id, x, y) DO UPDATE
      SET visitor = excluded.visitor,
        holder_address = excluded.holder_address,
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

/** When the address's continued hold of a seat began and when it ended (`continuedHold`). */
export interface ContinuedHold {
  startedAt: number;
  endedAt: number;
}

/**
 * The holds of this seat that the address ended (let lapse, or let go) since `since`: when each began and
 * ended. A live hold is none (the visitor's own is kept as it is; another visitor's refuses the take
 * anyway). Two primary-key reads.
 */
function endedHolds(seat: SeatAt, address: string, now: number, since: number) {
  const { presentationId: p, sectionId: s, x, y } = seat;
  return sql`
    SELECT created_at AS started, expires_at AS ended FROM seat_holds
      WHERE presentation_id = ${p} AND section_id = ${s} AND x = ${x} AND y = ${y}
        AND holder_address = ${address} AND state = 'held' AND expires_at <= ${now} AND expires_at > ${since}
    UNION ALL
    SELECT started_at AS started, released_at AS ended FROM hold_releases
      WHERE presentation_id = ${p} AND section_id = ${s} AND x = ${x} AND y = ${y}
        AND holder_address = ${address} AND released_at > ${since}`;
}

/**
 * The continued hold as two columns of a larger read (`continued_started`, `continued_ended`, null when
 * there is none), so that a seat lock learns it in the statement that finds the seat (seatLookup.ts).
 */
export function continuedHoldColumns(seat: SeatAt, holder: Holder, now: number) {
  if (holder.address === null || holder.lifetimeMs === undefined || !holder.retakeMs) return null;
  const ended = endedHolds(seat, holder.address, now, now - holder.retakeMs);
  return {
    started: sql<number | string | null>`(SELECT MIN(c.started) FROM (${ended}) c)`,
    ended: sql<number | string | null>`(SELECT MAX(c.ended) FROM (${ended}) c)`,
  };
}

/** A continued hold from `continuedHoldColumns`' two values. */
export function continuedFrom(
  started: number | string | null | undefined,
  ended: number | string | null | undefined,
): ContinuedHold | null {
  if (started === null || started === undefined || ended === null || ended === undefined) return null;
  return { startedAt: Number(started), endedAt: Number(ended) };
}

/** The hold of this seat that the address ended since `since`, if any (`endedHolds`), on its own. */
async function continuedHold(
  db: Db,
  seat: SeatAt,
  address: string,
  now: number,
  since: number,
): Promise<ContinuedHold | null> {
  const rows = await sql<{ started: number | string | null; ended: number | string | null }>`
    SELECT MIN(c.started) AS started, MAX(c.ended) AS ended FROM (${endedHolds(seat, address, now, since)}) c`.execute(
    db,
  );
  return continuedFrom(rows.rows[0]?.started, rows.rows[0]?.ended);
}

/**
 * Lets go of a seat the visitor holds in the cart (not one an order claimed); answers whether it did.
 * With `now` (a seat call under the continued-hold rule), the hold's address and start are kept
 * (`hold_releases`), so taking the seat again at once from the same address continues this hold.
 */
export async function releaseHold(db: Db, seat: SeatAt, visitor: string, now?: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('seat_holds')
    .where('presentation_id', '=', seat.presentationId)
    .where('section_id', '=', seat.sectionId)
    .where('x', '=', seat.x)
    .where('y', '=', seat.y)
    .where('visitor', '=', visitor)
    .where('state', '=', 'held')
    .where('claimed_by', 'is', null)
    .returning(['created_at', 'holder_address', 'expires_at'])
    .executeTakeFirst();
  if (!gone) return false;
  if (now !== undefined && gone.holder_address !== null) {
    const row = {
      presentation_id: seat.presentationId,
      section_id: seat.sectionId,
      x: seat.x,
      y: seat.y,
      holder_address: gone.holder_address,
      started_at: Number(gone.created_at),
      released_at: Math.min(now, Number(gone.expires_at)),
    };
    await db
      .insertInto('hold_releases')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['presentation_id', 'section_id', 'x', 'y']).doUpdateSet({
          holder_address: row.holder_address,
          started_at: row.started_at,
          released_at: row.released_at,
        }),
      )
      .execute();
  }
  return true;
}

/** The seats in the visitor's cart: held, live, and not claimed by an order (paying, or a hold order). */
export function heldByVisitor(db: Db, presentationId: number, visitor: string, now: number) {
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
