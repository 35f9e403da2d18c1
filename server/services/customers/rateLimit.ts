import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/** At most 3 code SMS per number per 15 minutes (issue 5), and 10 per client address. */
export const SMS_PER_NUMBER: Limit = { bucket: 'sms_number', max: 3, windowMs: 15 * 60_000 };
export const SMS_PER_ADDRESS: Limit = { bucket: 'sms_address', max: 10, windowMs: 15 * 60_000 };
/** Failed password logins: 10 per e-mail and 30 per address per 15 minutes. */
export const LOGIN_FAILS_PER_EMAIL: Limit = { bucket: 'login_email', max: 10, windowMs: 15 * 60_000 };
export const LOGIN_FAILS_PER_ADDRESS: Limit = { bucket: 'login_address', max: 30, windowMs: 15 * 60_000 };
/** Wrong codes and tokens from one address (across numbers): 30 per 15 minutes. */
export const CODE_FAILS_PER_ADDRESS: Limit = { bucket: 'code_address', max: 30, windowMs: 15 * 60_000 };

type Db = Kysely<Database> | Transaction<Database>;

/** Refuses with too_many_attempts when `key` already used up `limit` in its window. */
export async function assertUnderLimit(db: Db, limit: Limit, key: string, now: number): Promise<void> {
  const since = now - limit.windowMs;
  const rows = await db
    .selectFrom('rate_events')
    .select('created_at')
    .where('bucket', '=', limit.bucket)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  if (rows.length >= limit.max) {
    const oldest = Number(rows[rows.length - limit.max]?.created_at ?? now);
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now) / 1000));
    throw new AppError('too_many_attempts', `too many attempts; try again in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    });
  }
}

export async function recordEvent(db: Db, limit: Limit, key: string, now: number): Promise<void> {
  await db.insertInto('rate_events').values({ bucket: limit.bucket, key, created_at: now }).execute();
}

/**
 * Makes concurrent transactions that check and record the same limit keys wait for each other, so a
 * burst of requests cannot all pass the check before any is recorded. PostgreSQL takes advisory
 * locks until the transaction ends; SQLite already runs one transaction at a time.
 */
export async function lockKeys(trx: Transaction<Database>, dialect: Dialect, keys: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  // One order for everyone, so two transactions never wait on each other's keys.
  for (const key of [...new Set(keys)].sort())
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** Takes back one event recorded at `at` (a try counted in advance that turned out fine). */
export async function forgetEvent(
  db: Db,
  dialect: Dialect,
  limit: Limit,
  key: string,
  at: number,
): Promise<void> {
  const row = sql.raw(dialect === 'postgres' ? 'ctid' : 'rowid');
  await sql`delete from rate_events where ${row} in (select ${row} from rate_events
    where bucket = ${limit.bucket} and key = ${key} and created_at = ${at} limit 1)`.execute(db);
}

/** Forgets events older than a day (called now and then, so the table stays small). */
export async function pruneEvents(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('rate_events')
    .where('created_at', '<', now - 24 * 3_600_000)
    .execute();
}

/**
 * Runs `attempt` counted in advance against `limit` for `key` (checked and recorded in one short
 * transaction that takes the key's lock), so a burst of requests cannot all pass before any is counted.
 * The count is taken back when the attempt succeeds or fails for a reason `counts` does not count.
 */
export async function countedAttempt<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  limit: Limit,
  key: string,
  now: number,
  attempt: () => Promise<T>,
  counts: (err: unknown) => boolean,
): Promise<T> {
  await db.transaction().execute(async (trx) => {
    await lockKeys(trx, dialect, [`${limit.bucket}:${key}`]);
    await assertUnderLimit(trx, limit, key, now);
    await recordEvent(trx, limit, key, now);
  });
  try {
    const result = await attempt();
    await forgetEvent(db, dialect, limit, key, now);
    return result;
  } catch (err) {
    if (!counts(err)) await forgetEvent(db, dialect, limit, key, now);
    throw err;
  }
}
