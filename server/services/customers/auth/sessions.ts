import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.ts';
import { sha256 } from '../secrets.ts';

/** A session a login opened. */
export interface NewSession {
  customerId: string;
  /** The cookie value (128 random bits); only its hash is stored. */
  sessionId: string;
  maxAgeSeconds: number;
}

/** Opens a session for `customerId` in the login's transaction (and drops the expired ones). */
export async function openSession(
  trx: Transaction<Database>,
  ctx: { now: number; sessionMinutes: number },
  customerId: string,
): Promise<NewSession> {
  const sessionId = randomBytes(16).toString('base64url');
  await trx
    .insertInto('customer_sessions')
    .values({
      id_hash: sha256(sessionId),
      customer_id: customerId,
      created_at: ctx.now,
      expires_at: ctx.now + ctx.sessionMinutes * 60_000,
    })
    .execute();
  await trx.deleteFrom('customer_sessions').where('expires_at', '<', ctx.now).execute();
  return { customerId, sessionId, maxAgeSeconds: ctx.sessionMinutes * 60 };
}

/** The customer of a session cookie, sliding its expiry forward; null when absent or expired. */
export async function customerOfSession(
  db: Kysely<Database>,
  sessionId: string | undefined,
  now: number,
  sessionMinutes: number,
): Promise<string | null> {
  if (!sessionId || sessionId.length > 64) return null;
  const idHash = sha256(sessionId);
  const row = await db
    .selectFrom('customer_sessions')
    .select(['customer_id', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  const ttl = sessionMinutes * 60_000;
  if (Number(row.expires_at) - now < ttl / 2) {
    await db
      .updateTable('customer_sessions')
      .set({ expires_at: now + ttl })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return row.customer_id;
}

export async function endSession(db: Kysely<Database>, sessionId: string | undefined): Promise<void> {
  if (!sessionId || sessionId.length > 64) return;
  await db.deleteFrom('customer_sessions').where('id_hash', '=', sha256(sessionId)).execute();
}
