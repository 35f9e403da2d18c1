import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RateEventsRepository } from '../../db/repositories/rateEvents.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import {
  assertUnderLimit,
  forgetEvent,
  type Limit,
  lockLimits,
  recordEvent,
} from '../customers/rateLimit.ts';
import { sha256, verifyPassword } from '../customers/secrets.ts';
import { principalOfUser, type StaffPrincipal } from './principal.ts';

export { assertRole } from './principal.ts';

type Db = Kysely<Database>;

/*
 * Failed staff logins (issue 32), counted in the database so every process sees them. A limit on the
 * username alone let anyone lock the manager out with 10 wrong passwords; so a username's failures never
 * refuse an address that has not failed on it, and past the hard limit one the user logged in from lately.
 * - per (username, address): 5 per 15 minutes, then that address is refused for that user;
 * - per address, across usernames: 30 per 15 minutes (one address guessing many accounts);
 * - per username, from all addresses: past 10 per 15 minutes, only addresses without failures on it are
 *   checked (one guess each); past 30 per hour, only addresses the user logged in from in the last day.
 */
const FAILS_PER_USER_ADDRESS: Limit = { bucket: 'staff_user_address', max: 5, windowMs: 15 * 60_000 };
const FAILS_PER_ADDRESS: Limit = { bucket: 'staff_address', max: 30, windowMs: 15 * 60_000 };
const FAILS_PER_USER: Limit = { bucket: 'staff_user', max: 10, windowMs: 15 * 60_000 };
const FAILS_PER_USER_HARD: Limit = { bucket: 'staff_user', max: 30, windowMs: 60 * 60_000 };
/** Successful logins per (username, address); the rate table keeps a day (pruneEvents). */
const KNOWN_ADDRESS = { bucket: 'staff_known', windowMs: 24 * 3_600_000 };
/** A staff session lasts a working day. */
export const STAFF_SESSION_MS = 12 * 3_600_000;

/**
 * Counts a login try in advance (so a burst cannot pass before any is counted), or refuses it with
 * too_many_attempts (Retry-After) under the limits above. Answers the keys it was counted under.
 */
async function countStaffTry(
  db: Db,
  events: RateEventsRepository,
  username: string,
  address: string,
  now: number,
) {
  const pair = `${address} ${username}`;
  const limits = [
    [FAILS_PER_USER_ADDRESS, pair],
    [FAILS_PER_ADDRESS, address],
    [FAILS_PER_USER, username],
  ] as const;
  await db.transaction().execute(async (trx) => {
    await lockLimits(events, limits, trx);
    await assertUnderLimit(events, FAILS_PER_USER_ADDRESS, pair, now, trx);
    await assertUnderLimit(events, FAILS_PER_ADDRESS, address, now, trx);
    const known = await events.instantsSince(KNOWN_ADDRESS.bucket, pair, now - KNOWN_ADDRESS.windowMs, trx);
    if (known.length === 0) {
      await assertUnderLimit(events, FAILS_PER_USER_HARD, username, now, trx);
      const failedHere = await events.instantsSince(
        FAILS_PER_USER_ADDRESS.bucket,
        pair,
        now - FAILS_PER_USER_ADDRESS.windowMs,
        trx,
      );
      if (failedHere.length > 0) await assertUnderLimit(events, FAILS_PER_USER, username, now, trx);
    }
    for (const [limit, key] of limits) await recordEvent(events, limit, key, now, trx);
  });
  return { pair, limits };
}

/**
 * Logs a staff user in by username and password (one answer for an unknown user and a wrong password).
 * Each try counts against the limits before the password is checked (countStaffTry); a right password
 * takes it back and makes the address one the user logged in from.
 */
export async function staffLogin(
  db: Db,
  events: RateEventsRepository,
  body: { username: string; password: string },
  address: string,
  now: number,
): Promise<{ sessionId: string; me: StaffPrincipal }> {
  const username = body.username.trim().toLowerCase();
  const { pair, limits } = await countStaffTry(db, events, username, address, now);
  const user = await db
    .selectFrom('staff_users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  const ok = await verifyPassword(body.password, user?.password_hash ?? null);
  // A deactivated user gets the answer of a wrong password: a login page tells nobody who exists.
  if (!ok || !user || user.is_active !== 1) throw new AppError('LOGIN_FAILED', 'wrong login details');
  const sessionId = randomBytes(16).toString('base64url');
  await db.transaction().execute(async (trx) => {
    for (const [limit, key] of limits) await forgetEvent(events, limit, key, now, trx);
    await events.record(KNOWN_ADDRESS.bucket, pair, now, trx);
    await trx
      .insertInto('staff_sessions')
      .values({
        id_hash: sha256(sessionId),
        staff_id: user.id,
        created_at: now,
        expires_at: now + STAFF_SESSION_MS,
      })
      .execute();
    await trx.deleteFrom('staff_sessions').where('expires_at', '<', now).execute();
  });
  return { sessionId, me: principalOfUser(user) };
}

/** The staff user of a session cookie; null without a live session of an active user. */
export async function staffOfSession(
  db: Db,
  sessionId: string | undefined,
  now: number,
): Promise<StaffPrincipal | null> {
  if (!sessionId || sessionId.length > 64) return null;
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select(['u.id', 'u.username', 'u.display_name', 'u.role', 'u.must_change_password', 's.expires_at'])
    .where('s.id_hash', '=', sha256(sessionId))
    .where('u.is_active', '=', 1)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  return principalOfUser(row);
}

export async function staffLogout(db: Db, sessionId: string | undefined): Promise<void> {
  if (!sessionId || sessionId.length > 64) return;
  await db.deleteFrom('staff_sessions').where('id_hash', '=', sha256(sessionId)).execute();
}
