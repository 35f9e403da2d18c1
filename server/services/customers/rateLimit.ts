import type { Kysely, Transaction } from 'kysely';
import type { RateEventsRepository } from '../../db/repositories/rateEvents.ts';
import type { Database } from '../../db/types.ts';
import { tooManyAttempts } from '../../errors.ts';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/** At most 3 code SMS per number per 15 minutes (issue 5), and 10 per client address. */
export const SMS_PER_NUMBER: Limit = { bucket: 'sms_number', max: 3, windowMs: 15 * 60_000 };
export const SMS_PER_ADDRESS: Limit = { bucket: 'sms_address', max: 10, windowMs: 15 * 60_000 };

/** The code SMS limits with the counts a deployment set (LIMIT_SMS_PER_15MIN_PER_NUMBER / _PER_ADDRESS). */
export function smsLimits(limits: { smsPerNumber: number; smsPerAddress: number }) {
  return {
    perNumber: { ...SMS_PER_NUMBER, max: limits.smsPerNumber },
    perAddress: { ...SMS_PER_ADDRESS, max: limits.smsPerAddress },
  };
}
/** Failed password logins: 10 per e-mail and 30 per address per 15 minutes. */
export const LOGIN_FAILS_PER_EMAIL: Limit = { bucket: 'login_email', max: 10, windowMs: 15 * 60_000 };
export const LOGIN_FAILS_PER_ADDRESS: Limit = { bucket: 'login_address', max: 30, windowMs: 15 * 60_000 };
/** Wrong codes and tokens from one address (across numbers): 30 per 15 minutes. */
export const CODE_FAILS_PER_ADDRESS: Limit = { bucket: 'code_address', max: 30, windowMs: 15 * 60_000 };

type Trx = Transaction<Database>;

/** Where limits are counted: the database (for the short transaction of a counted try) and its events. */
export interface RateLimitStore {
  db: Kysely<Database>;
  rateEvents: RateEventsRepository;
}

/** Refuses with too_many_attempts when `key` already used up `limit` in its window. */
export async function assertUnderLimit(
  events: RateEventsRepository,
  limit: Limit,
  key: string,
  now: number,
  trx?: Trx,
): Promise<void> {
  const instants = await events.instantsSince(limit.bucket, key, now - limit.windowMs, trx);
  if (instants.length >= limit.max) {
    const oldest = instants[instants.length - limit.max] ?? now;
    throw tooManyAttempts('too many attempts', oldest + limit.windowMs - now);
  }
}

export async function recordEvent(
  events: RateEventsRepository,
  limit: Limit,
  key: string,
  now: number,
  trx?: Trx,
): Promise<void> {
  await events.record(limit.bucket, key, now, trx);
}

/**
 * Makes concurrent transactions that check and record the same limits for the same keys wait for each
 * other, so a burst of requests cannot all pass the check before any is recorded.
 */
export async function lockLimits(
  events: RateEventsRepository,
  limits: readonly (readonly [Limit, string])[],
  trx: Trx,
): Promise<void> {
  await events.lockKeys(
    limits.map(([limit, key]) => `${limit.bucket}:${key}`),
    trx,
  );
}

/**
 * Counts one try against every limit of `limits` in `trx`: waits for the keys (lockLimits), refuses with
 * too_many_attempts when any is used up, then records the try under each.
 */
export async function countTry(
  events: RateEventsRepository,
  limits: readonly (readonly [Limit, string])[],
  now: number,
  trx: Trx,
): Promise<void> {
  await lockLimits(events, limits, trx);
  for (const [limit, key] of limits) await assertUnderLimit(events, limit, key, now, trx);
  for (const [limit, key] of limits) await recordEvent(events, limit, key, now, trx);
}

/** Takes back one event recorded at `at` (a try counted in advance that turned out fine). */
export async function forgetEvent(
  events: RateEventsRepository,
  limit: Limit,
  key: string,
  at: number,
  trx?: Trx,
): Promise<void> {
  await events.forgetOne(limit.bucket, key, at, trx);
}

/** Forgets events older than a day (called now and then, so the table stays small). */
export async function pruneEvents(events: RateEventsRepository, now: number, trx?: Trx): Promise<void> {
  await events.pruneBefore(now - 24 * 3_600_000, trx);
}

/**
 * Runs `attempt` counted in advance against `limit` for `key` (checked and recorded in one short
 * transaction that takes the key's lock), so a burst of requests cannot all pass before any is counted.
 * The count is taken back when the attempt succeeds or fails for a reason `counts` does not count.
 */
export async function countedAttempt<T>(
  store: RateLimitStore,
  limit: Limit,
  key: string,
  now: number,
  attempt: () => Promise<T>,
  counts: (err: unknown) => boolean,
): Promise<T> {
  const events = store.rateEvents;
  await store.db.transaction().execute(async (trx) => {
    await lockLimits(events, [[limit, key]], trx);
    await assertUnderLimit(events, limit, key, now, trx);
    await recordEvent(events, limit, key, now, trx);
  });
  try {
    const result = await attempt();
    await forgetEvent(events, limit, key, now);
    return result;
  } catch (err) {
    if (!counts(err)) await forgetEvent(events, limit, key, now);
    throw err;
  }
}
