import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Staff accounts (issue 18): username, role and password hash, and their sessions, apart from customers'. */
export const m014_Staff: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('staff_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
