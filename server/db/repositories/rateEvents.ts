import { sql, type Transaction } from 'kysely';
import type { Db } from '../index.ts';
import type { Database } from '../types.ts';

type Trx = Transaction<Database>;

/**
 * The rate-limit events (table `rate_events`: one row per counted try, by bucket and key). What differs
 * between SQLite and PostgreSQL stays here: how concurrent transactions wait for each other's keys, and
 * how one of several identical rows is named. Every method runs in `trx` when given, else on its own.
 */
export interface RateEventsRepository {
  /** When the events of `bucket`/`key` after `since` happened, oldest first (epoch ms). */
  instantsSince(bucket: string, key: string, since: number, trx?: Trx): Promise<number[]>;
  record(bucket: string, key: string, at: number, trx?: Trx): Promise<void>;
  /** Deletes one event of `bucket`/`key` at `at`, when there is one (others alike stay). */
  forgetOne(bucket: string, key: string, at: number, trx?: Trx): Promise<void>;
  /** Deletes the events before `before`. */
  pruneBefore(before: number, trx?: Trx): Promise<void>;
  /**
   * Makes other transactions that lock any of `keys` wait until `trx` ends, so a check and the record
   * that follows it cannot interleave with another's. PostgreSQL takes transaction advisory locks;
   * SQLite needs nothing, since it already runs one write transaction at a time.
   */
  lockKeys(keys: readonly string[], trx: Trx): Promise<void>;
}

export function rateEventsRepository(db: Db): RateEventsRepository {
  const postgres = db.dialect === 'postgres';
  // The physical row name, for deleting one of several rows that are alike in every column.
  const rowName = sql.raw(postgres ? 'ctid' : 'rowid');
  return {
    async instantsSince(bucket, key, since, trx) {
      const rows = await (trx ?? db.kysely)
        .selectFrom('rate_events')
        .select('created_at')
        .where('bucket', '=', bucket)
        .where('key', '=', key)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => Number(r.created_at));
    },

    async record(bucket, key, at, trx) {
      await (trx ?? db.kysely).insertInto('rate_events').values({ bucket, key, created_at: at }).execute();
    },

    async forgetOne(bucket, key, at, trx) {
      await sql`delete from rate_events where ${rowName} in (select ${rowName} from rate_events
        where bucket = ${bucket} and key = ${key} and created_at = ${at} limit 1)`.execute(trx ?? db.kysely);
    },

    async pruneBefore(before, trx) {
      await (trx ?? db.kysely).deleteFrom('rate_events').where('created_at', '<', before).execute();
    },

    async lockKeys(keys, trx) {
      if (!postgres) return;
      // One order for everyone, so two transactions never wait on each other's keys.
      for (const key of [...new Set(keys)].sort())
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    },
  };
}
