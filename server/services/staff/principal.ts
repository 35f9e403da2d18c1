import type { Kysely } from 'kysely';
import type { StaffMe } from '../../../src/api/contract/staff.ts';
import type { StaffRole } from '../../db/staffTables.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../audit/log.ts';
import { sha256 } from '../customers/secrets.ts';

/** Who makes a staff call: a logged-in staff user, or (on the admin API only) an API token. */
export interface StaffPrincipal extends StaffMe {
  kind: 'user' | 'token';
  id: string;
}

export function principalOfUser(u: {
  id: string;
  username: string;
  display_name: string;
  role: StaffRole;
  must_change_password: number;
}): StaffPrincipal {
  return {
    kind: 'user',
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    role: u.role,
    mustChangePassword: u.must_change_password === 1,
  };
}

/** What the staff area shows of its user. */
export function meOf(p: StaffPrincipal): StaffMe {
  return {
    username: p.username,
    displayName: p.displayName,
    role: p.role,
    mustChangePassword: p.mustChangePassword,
  };
}

/** The audit log's name for a principal. */
export function actorOf(p: StaffPrincipal): Actor {
  return { kind: p.kind, id: p.id, name: p.kind === 'token' ? `token ${p.displayName}` : p.username };
}

/**
 * Staff calls: staff_not_logged_in (401) without a staff session or token, staff_forbidden (403) for
 * another role (an admin may do everything), staff_password_change_required (403) while the user still
 * has a password someone gave them (`allowPasswordChange`: the calls that let them set one).
 */
export function assertRole(
  me: StaffPrincipal | null,
  roles: readonly StaffRole[],
  opts: { allowPasswordChange?: boolean } = {},
): StaffPrincipal {
  if (!me) throw new AppError('staff_not_logged_in', 'log in as staff');
  if (me.mustChangePassword && !opts.allowPasswordChange)
    throw new AppError('staff_password_change_required', 'set a password of your own first');
  if (me.role !== 'admin' && !roles.includes(me.role))
    throw new AppError('staff_forbidden', 'this needs another staff role');
  return me;
}

/** Tokens write their last use at most once a minute: a busy integration should not write per call. */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * The principal of an `Authorization: Bearer <secret>` header (admin API only). A token that is unknown,
 * revoked or expired is refused at once with staff_token_invalid (401): every call reads the table.
 */
export async function tokenPrincipal(
  db: Kysely<Database>,
  header: string,
  now: number,
): Promise<StaffPrincipal> {
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header.trim());
  if (!m) throw new AppError('staff_token_invalid', 'send Authorization: Bearer <token>');
  const row = await db
    .selectFrom('staff_tokens')
    .select(['id', 'name', 'role', 'expires_at', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', sha256(m[1]!))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || (row.expires_at !== null && Number(row.expires_at) <= now))
    throw new AppError('staff_token_invalid', 'this API token is unknown, revoked or expired');
  if (row.last_used_at === null || Number(row.last_used_at) <= now - LAST_USE_RESOLUTION_MS)
    await db.updateTable('staff_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  return {
    kind: 'token',
    id: row.id,
    username: `token:${row.id}`,
    displayName: row.name,
    role: row.role,
    mustChangePassword: false,
  };
}
