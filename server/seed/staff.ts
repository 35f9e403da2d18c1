import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffRole } from '../db/staffTables.ts';
import type { Database } from '../db/types.ts';
import { hashPassword } from '../services/customers/secrets.ts';

/**
 * The demo staff users (docs/demo.md): an admin, a manager, a box-office clerk and an usher at the door.
 * Never seeded in production (their passwords are published).
 */
export const DEMO_STAFF: readonly {
  username: string;
  password: string;
  displayName: string;
  role: StaffRole;
}[] = [
  { username: 'manager', password: 'manager-demo-2026', displayName: 'Maya Manager', role: 'manager' },
  {
    username: 'boxoffice',
    password: 'boxoffice-demo-2026',
    displayName: 'Boaz Box Office',
    role: 'box_office',
  },
  { username: 'admin', password: 'admin-demo-2026', displayName: 'Adi Admin', role: 'admin' },
  { username: 'door', password: 'door-demo-2026', displayName: 'Dana Door', role: 'door' },
];

/** Adds the demo staff users that are missing. */
export async function seedStaff(db: Kysely<Database>, now: number): Promise<boolean> {
  let added = false;
  for (const s of DEMO_STAFF) {
    const exists = await db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', s.username)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('staff_users')
      .values({
        id: randomBytes(8).toString('hex'),
        username: s.username,
        display_name: s.displayName,
        role: s.role,
        password_hash: await hashPassword(s.password),
        created_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
    added = true;
  }
  return added;
}
