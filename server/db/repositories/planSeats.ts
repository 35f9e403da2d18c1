import { setImmediate } from 'node:timers/promises';
import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../types.ts';

/** Seats per statement: each statement is its own, so other requests run between them. */
export const SEAT_CHUNK = 1000;

/**
 * Writes a published plan's seats to plan_seats (issue 33): from a flat array of
 * [section, x, y, ticket group, allocation] per seat, as one prepared multi-row insert per chunk, so a
 * 100,000-seat plan allocates no object per seat on the main thread (through the query builder it did,
 * and the garbage collector then held the process up for a third of a second). The placeholders are the
 * one thing the two databases write differently.
 *
 * Built on the database or on a transaction (the seed writes its demo halls in one): the dialect is the
 * adapter's.
 */
export interface PlanSeatsRepository {
  replaceSeats(seatplanId: number, seats: Int32Array): Promise<void>;
}

export function planSeatsRepository(k: Kysely<Database>): PlanSeatsRepository {
  const postgres = k.getExecutor().adapter instanceof PostgresAdapter;
  const statements = new Map<number, string>();
  const insertOf = (rows: number) => {
    let text = statements.get(rows);
    if (text) return text;
    const values: string[] = [];
    for (let r = 0; r < rows; r++) {
      const b = r * 6;
      values.push(
        postgres ? `($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5},$${b + 6})` : '(?,?,?,?,?,?)',
      );
    }
    text = `insert into plan_seats (seatplan_id, section_id, x, y, ticket_group_id, allocation_id) values ${values.join(',')}`;
    statements.set(rows, text);
    return text;
  };
  return {
    async replaceSeats(seatplanId, seats) {
      await k.deleteFrom('plan_seats').where('seatplan_id', '=', seatplanId).execute();
      const count = seats.length / 5;
      for (let start = 0; start < count; start += SEAT_CHUNK) {
        const rows = Math.min(SEAT_CHUNK, count - start);
        const params = new Array<number>(rows * 6);
        for (let r = 0; r < rows; r++) {
          const s = (start + r) * 5;
          const p = r * 6;
          params[p] = seatplanId;
          params[p + 1] = seats[s]!;
          params[p + 2] = seats[s + 1]!;
          params[p + 3] = seats[s + 2]!;
          params[p + 4] = seats[s + 3]!;
          params[p + 5] = seats[s + 4]!;
        }
        await k.executeQuery(CompiledQuery.raw(insertOf(rows), params));
        // SQLite answers at once (in this thread): give the other requests their turn between chunks.
        await setImmediate();
      }
    },
  };
}
