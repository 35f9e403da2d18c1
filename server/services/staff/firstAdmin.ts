import type { Kysely } from 'kysely';
import type { StaffPasswordGiven } from '../../../src/api/contract/admin.ts';
import type { Database } from '../../db/types.ts';
import { audit, SYSTEM_ACTOR } from '../audit/log.ts';
import { hashPassword } from '../customers/secrets.ts';
import { createStaffUser, temporaryPassword } from './users.ts';

type Db = Kysely<Database>;

async function activeAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The venue's first admin from the one-time setting (FIRST_ADMIN_USERNAME / FIRST_ADMIN_PASSWORD), made
 * only while no active admin exists; the password works for one login, then the admin sets their own.
 * Answers what happened, for the start-up log.
 */
export async function ensureFirstAdmin(
  db: Db,
  setting: { username: string; password: string } | undefined,
  now: number,
): Promise<'created' | 'exists' | 'missing'> {
  if ((await activeAdmins(db)) > 0) return 'exists';
  if (!setting) return 'missing';
  await createStaffUser(
    db,
    SYSTEM_ACTOR,
    { username: setting.username, displayName: setting.username, role: 'admin' },
    now,
    setting.password,
  );
  return 'created';
}

/**
 * `npm run staff:admin -- <username>`: makes that user an active admin with a new temporary password
 * (answered once), creating the user if needed. The way in for a venue's first admin, and back in for a
 * venue that lost its admins' passwords; ends the user's sessions.
 */
export async function makeAdmin(db: Db, username: string, now: number): Promise<StaffPasswordGiven> {
  const existing = await db
    .selectFrom('staff_users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  if (!existing)
    return createStaffUser(db, SYSTEM_ACTOR, { username, displayName: username, role: 'admin' }, now);
  const given = temporaryPassword();
  const hash = await hashPassword(given);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set({ role: 'admin', is_active: 1, must_change_password: 1, password_hash: hash, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', existing.id).execute();
    await audit(
      trx,
      SYSTEM_ACTOR,
      {
        action: 'staff_user.make_admin',
        objectType: 'staff_user',
        objectId: existing.id,
        before: { role: existing.role, active: existing.is_active === 1 },
        after: { role: 'admin', active: true },
      },
      now,
    );
  });
  const user = await db
    .selectFrom('staff_users')
    .selectAll()
    .where('id', '=', existing.id)
    .executeTakeFirstOrThrow();
  return {
    user: {
      id: user.id,
      username: user.username,
      displayName: user.display_name,
      role: user.role,
      active: true,
      mustChangePassword: true,
      createdAt: new Date(Number(user.created_at)).toISOString(),
    },
    temporaryPassword: given,
  };
}

/** At start-up (once per cluster): the first admin from the setting, and a word in the log on what to do. */
export async function firstAdminAtStart(
  db: Db,
  setting: { username: string; password: string } | undefined,
  now: number,
  log: { info(msg: string): void; warn(msg: string): void },
): Promise<void> {
  const outcome = await ensureFirstAdmin(db, setting, now);
  if (outcome === 'created')
    log.info(`first admin ${setting?.username} created; they set their own password at the first login`);
  else if (outcome === 'missing')
    log.warn(
      'no staff admin yet: run `npm run staff:admin -- <username>` or set FIRST_ADMIN_USERNAME/PASSWORD',
    );
  else if (setting)
    log.warn('FIRST_ADMIN_USERNAME/PASSWORD are set but an admin exists: remove them from the settings');
}
