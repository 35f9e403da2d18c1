import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  StaffPasswordChange,
  StaffPasswordGiven,
  StaffUser,
  StaffUserCreate,
  StaffUserUpdate,
} from '../../../src/api/contract/admin.ts';
import type { StaffRole } from '../../db/staffTables.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type Actor, audit } from '../audit/log.ts';
import { hashPassword, verifyPassword } from '../customers/secrets.ts';
import type { StaffPrincipal } from './principal.ts';

type Db = Kysely<Database>;
type UserRow = Selectable<Database['staff_users']>;

/** What a reader of the staff list (and the audit log) sees of a user: never the password's hash. */
function toUser(
  r: Pick<
    UserRow,
    'id' | 'username' | 'display_name' | 'role' | 'is_active' | 'must_change_password' | 'created_at'
  >,
): StaffUser {
  return {
    id: r.id,
    username: r.username,
    displayName: r.display_name,
    role: r.role,
    active: r.is_active === 1,
    mustChangePassword: r.must_change_password === 1,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}

/**
 * A password to hand over in person: 16 characters from an alphabet without look-alikes (no 0/O, 1/l/I),
 * about 90 bits. It works for one login: the user then sets a password of their own.
 */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}-${out.slice(12)}`;
}

export async function listStaffUsers(db: Db): Promise<StaffUser[]> {
  const rows = await db.selectFrom('staff_users').selectAll().orderBy('username').execute();
  return rows.map(toUser);
}

async function userRow(db: Db, id: string): Promise<UserRow> {
  const row = await db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('staff_user_not_found', `no staff user ${id}`);
  return row;
}

/**
 * Adds a staff user with a temporary password (answered once, never stored in the clear); they set their
 * own at their first login. `password` is for the first admin's one-time setting only.
 */
export async function createStaffUser(
  db: Db,
  actor: Actor,
  input: StaffUserCreate,
  now: number,
  password?: string,
): Promise<StaffPasswordGiven> {
  const given = password ?? temporaryPassword();
  const hash = await hashPassword(given);
  const id = randomBytes(8).toString('hex');
  const user = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', input.username)
      .executeTakeFirst();
    if (taken) throw new AppError('staff_user_exists', `a staff user ${input.username} exists`);
    const row = {
      id,
      username: input.username,
      display_name: input.displayName,
      role: input.role,
      password_hash: hash,
      created_at: now,
      is_active: 1,
      must_change_password: 1,
      updated_at: now,
    };
    await trx.insertInto('staff_users').values(row).execute();
    const user = toUser(row);
    await audit(
      trx,
      actor,
      { action: 'staff_user.create', objectType: 'staff_user', objectId: id, after: user },
      now,
    );
    return user;
  });
  return { user, temporaryPassword: given };
}

/** Active admins other than `exceptId`: the last one may not go. */
async function otherActiveAdmins(trx: Db, exceptId: string): Promise<number> {
  const row = await trx
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes a user's name, role or whether they may log in. Deactivating ends their sessions in the same
 * transaction, so their next call is refused. The last active admin keeps the role, and an admin never
 * deactivates or demotes themselves (someone must be able to undo it).
 */
export async function updateStaffUser(
  db: Db,
  principal: StaffPrincipal,
  actor: Actor,
  id: string,
  change: StaffUserUpdate,
  now: number,
): Promise<StaffUser> {
  return db.transaction().execute(async (trx) => {
    const before = await userRow(trx, id);
    const role: StaffRole = change.role ?? before.role;
    const active = change.active ?? before.is_active === 1;
    const losesAdmin = before.role === 'admin' && before.is_active === 1 && (role !== 'admin' || !active);
    if (losesAdmin && principal.kind === 'user' && principal.id === id)
      throw new AppError('staff_self_change', 'an admin cannot deactivate or demote themselves');
    if (losesAdmin && (await otherActiveAdmins(trx, id)) === 0)
      throw new AppError('staff_last_admin', 'the last active admin keeps the role');
    await trx
      .updateTable('staff_users')
      .set({
        display_name: change.displayName ?? before.display_name,
        role,
        is_active: active ? 1 : 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    if (!active) await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
    const after = toUser(await userRow(trx, id));
    const action = !active && before.is_active === 1 ? 'staff_user.deactivate' : 'staff_user.update';
    await audit(
      trx,
      actor,
      { action, objectType: 'staff_user', objectId: id, before: toUser(before), after },
      now,
    );
    return after;
  });
}

/**
 * Gives a user a new temporary password (answered once): their sessions end, and at their next login
 * they set their own.
 */
export async function resetStaffPassword(
  db: Db,
  actor: Actor,
  id: string,
  now: number,
): Promise<StaffPasswordGiven> {
  const given = temporaryPassword();
  const hash = await hashPassword(given);
  const user = await db.transaction().execute(async (trx) => {
    await userRow(trx, id);
    await trx
      .updateTable('staff_users')
      .set({ password_hash: hash, must_change_password: 1, updated_at: now })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
    const user = toUser(await userRow(trx, id));
    await audit(
      trx,
      actor,
      { action: 'staff_user.reset_password', objectType: 'staff_user', objectId: id, after: user },
      now,
    );
    return user;
  });
  return { user, temporaryPassword: given };
}

/** The logged-in user sets a password of their own (after a given one, or any time). */
export async function changeOwnPassword(
  db: Db,
  principal: StaffPrincipal,
  actor: Actor,
  body: StaffPasswordChange,
  now: number,
): Promise<void> {
  const row = await userRow(db, principal.id);
  if (!(await verifyPassword(body.currentPassword, row.password_hash)))
    throw new AppError('staff_password_wrong', 'the current password is not right');
  if (body.newPassword === body.currentPassword)
    throw new AppError('staff_password_reused', 'choose a password other than the one you were given');
  const hash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set({ password_hash: hash, must_change_password: 0, updated_at: now })
      .where('id', '=', principal.id)
      .execute();
    await audit(
      trx,
      actor,
      { action: 'staff_user.set_password', objectType: 'staff_user', objectId: principal.id },
      now,
    );
  });
}
