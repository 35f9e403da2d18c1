import type { Db } from '../index.ts';

/** One count a guarded call adds to: `bucket` names what is counted (`lock:visitor`), `key` whose. */
export interface GuardHit {
  bucket: string;
  key: string;
}

/** A fixed window: from `start` (inclusive) to `end` (exclusive), epoch ms. */
export interface GuardWindow {
  start: number;
  end: number;
}

/**
 * The abuse guard's counters shared by every process and host on the database (table `guard_counts`,
 * migration 032): calls per bucket and key in fixed windows. The statement is the same on SQLite and
 * PostgreSQL (both have `INSERT … ON CONFLICT … DO UPDATE … RETURNING`, SQLite since 3.35); what differs,
 * PostgreSQL's unlogged table, is the migration's. Nothing here runs in a transaction: each statement
 * commits on its own, so a count is never held back by a caller's transaction.
 */
export interface GuardCountsRepository {
  /**
   * Adds one call to each of `hits` in `window`, in one statement, and answers each one's count in that
   * window with this call included, in the order of `hits`. Hits must differ in bucket or key.
   */
  count(hits: readonly GuardHit[], window: GuardWindow): Promise<number[]>;
  /** Deletes the windows that ended at or before `now`; answers how many rows went. */
  pruneEnded(now: number): Promise<number>;
}

export function guardCountsRepository(db: Db): GuardCountsRepository {
  return {
    async count(hits, window) {
      if (hits.length === 0) return [];
      // One atomic upsert for all the hits: concurrent calls on the same row each add their one (the
      // row is locked while it is updated), and no caller reads a count another has not yet written.
      // Every caller lists its hits in the same bucket order (the visitor's row, then the address's),
      // so two statements never lock the same two rows in opposite orders (no deadlock on PostgreSQL).
      const rows = await db.kysely
        .insertInto('guard_counts')
        .values(
          hits.map((h) => ({
            bucket: h.bucket,
            key: h.key,
            window_start: window.start,
            ends_at: window.end,
            n: 1,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'key', 'window_start'])
            .doUpdateSet((eb) => ({ n: eb('guard_counts.n', '+', 1) })),
        )
        .returning(['bucket', 'key', 'n'])
        .execute();
      // RETURNING's row order is not promised: match the rows to the hits.
      const counts = new Map(rows.map((r) => [`${r.bucket}\n${r.key}`, Number(r.n)]));
      return hits.map((h) => {
        const n = counts.get(`${h.bucket}\n${h.key}`);
        if (n === undefined) throw new Error(`guard count of ${h.bucket} not returned`);
        return n;
      });
    },

    async pruneEnded(now) {
      const result = await db.kysely
        .deleteFrom('guard_counts')
        .where('ends_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
