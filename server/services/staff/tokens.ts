import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffToken, StaffTokenCreate, StaffTokenCreated } from '../../../src/api/contract/admin.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type Actor, audit } from '../audit/log.ts';
import { sha256 } from '../customers/secrets.ts';

type Db = Kysely<Database>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

function toToken(r: Database['staff_tokens']): StaffToken {
  return {
    id: r.id,
    name: r.name,
    role: r.role,
    prefix: r.prefix,
    createdBy: r.created_by,
    createdAt: new Date(Number(r.created_at)).toISOString(),
    expiresAt: iso(r.expires_at),
    revokedAt: iso(r.revoked_at),
    lastUsedAt: iso(r.last_used_at),
  };
}

export async function listStaffTokens(db: Db): Promise<StaffToken[]> {
  const rows = await db.selectFrom('staff_tokens').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(toToken);
}

/**
 * A new API token: 32 random bytes, answered once as `bo_<base64url>`; only its SHA-256 is kept (the
 * secret has 256 bits, so a fast hash is enough: there is nothing to guess).
 */
export async function createStaffToken(
  db: Db,
  actor: Actor,
  input: StaffTokenCreate,
  now: number,
): Promise<StaffTokenCreated> {
  const expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : null;
  if (expiresAt !== null && expiresAt <= now)
    throw new AppError('formValidation', 'expiresAt must be in the future', { field: 'expiresAt' });
  const secret = `bo_${randomBytes(32).toString('base64url')}`;
  const row: Database['staff_tokens'] = {
    id: randomBytes(8).toString('hex'),
    name: input.name,
    role: input.role,
    token_hash: sha256(secret),
    prefix: secret.slice(0, 8),
    created_by: actor.name,
    created_at: now,
    expires_at: expiresAt,
    revoked_at: null,
    last_used_at: null,
  };
  const token = toToken(row);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('staff_tokens').values(row).execute();
    await audit(
      trx,
      actor,
      { action: 'staff_token.create', objectType: 'staff_token', objectId: row.id, after: token },
      now,
    );
  });
  return { token, secret };
}

/** Revokes a token: the next call with it is refused (every call reads the table). */
export async function revokeStaffToken(db: Db, actor: Actor, id: string, now: number): Promise<StaffToken> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('staff_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new AppError('staff_token_not_found', `no API token ${id}`);
    if (before.revoked_at !== null) return toToken(before);
    await trx.updateTable('staff_tokens').set({ revoked_at: now }).where('id', '=', id).execute();
    const after = toToken({ ...before, revoked_at: now });
    await audit(
      trx,
      actor,
      {
        action: 'staff_token.revoke',
        objectType: 'staff_token',
        objectId: id,
        before: toToken(before),
        after,
      },
      now,
    );
    return after;
  });
}
