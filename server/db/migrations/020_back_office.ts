import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 33, the back office (part 1):
 * - staff users can be deactivated, and must set a password of their own after one was given to them
 *   (a new user, a reset); roles widen to admin and door (a text column: no constraint to change);
 * - API tokens for a venue's own systems: only the hash of the secret is kept;
 * - the audit log: every change made through the back office, who, when, what, before and after;
 * - venues get a street address; halls become rows of their own, and a seat plan is a version of a
 *   hall's plan: a draft until published, then immutable. Every plan that exists is published version 1
 *   of a hall of its own, named as the plan's hall was.
 */
export const m020_BackOffice: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('staff_users')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('staff_users')
      .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('staff_users').addColumn('updated_at', 'bigint').execute();
    await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

    await db.schema
      .createTable('staff_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text', (c) => c.notNull())
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
    await db.schema
      .createIndex('audit_log_object')
      .on('audit_log')
      .columns(['object_type', 'object_id', 'at'])
      .execute();
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();

    await db.schema.alterTable('venues').addColumn('address_json', 'text').execute();
    await db.schema
      .createTable('halls')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('venue_id', 'integer', (c) => c.notNull().references('venues.id'))
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('seatplans').addColumn('hall_id', 'integer').execute();
    await db.schema
      .alterTable('seatplans')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('seatplans')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .execute();
    await db.schema
      .alterTable('seatplans')
      .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('seatplans').addColumn('published_at', 'bigint').execute();
    await db.schema.alterTable('seatplans').addColumn('source_format', 'text').execute();
    await db.schema
      .alterTable('seatplans')
      .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('seatplans')
      .addColumn('warning_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('seatplans_hall').on('seatplans').columns(['hall_id', 'version']).execute();
    await sql`insert into halls (id, venue_id, name_json, created_at)
      select id, venue_id, hall_name_json, 0 from seatplans`.execute(db);
    await sql`update seatplans set hall_id = id, published_at = 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('seatplans_hall').execute();
    for (const column of [
      'hall_id',
      'version',
      'status',
      'created_at',
      'published_at',
      'source_format',
      'error_count',
      'warning_count',
    ])
      await db.schema.alterTable('seatplans').dropColumn(column).execute();
    await db.schema.dropTable('halls').execute();
    await db.schema.alterTable('venues').dropColumn('address_json').execute();
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('staff_tokens').execute();
    await db.schema.dropIndex('staff_sessions_staff').execute();
    for (const column of ['is_active', 'must_change_password', 'updated_at'])
      await db.schema.alterTable('staff_users').dropColumn(column).execute();
  },
};
