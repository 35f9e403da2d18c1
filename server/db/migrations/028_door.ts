import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 37, the door: each ticket's entry state (inside or not, how often it came in, its last scan,
 * a version that makes each change apply once), every scan by its nonce, the key that signs tickets'
 * codes, and whether a presentation lets a ticket back in after it went out.
 */
export const m028_Door: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('presentations')
      .addColumn('reentry_allowed', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('ticket_entries')
      .addColumn('ticket_identifier', 'text', (c) => c.primaryKey())
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('inside', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_at', 'bigint')
      .addColumn('last_door', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('ticket_entries_presentation')
      .on('ticket_entries')
      .columns(['presentation_id', 'inside'])
      .execute();
    await db.schema
      .createTable('door_scans')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('device_id', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'text', (c) => c.notNull())
      .addColumn('ticket_identifier', 'text')
      .addColumn('presentation_id', 'integer')
      .addColumn('door', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('last_at', 'bigint')
      .addColumn('last_door', 'text')
      .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('conflict', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scanned_at', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('door_scans_presentation')
      .on('door_scans')
      .columns(['presentation_id', 'scanned_at'])
      .execute();
    await db.schema
      .createIndex('door_scans_ticket')
      .on('door_scans')
      .columns(['ticket_identifier'])
      .execute();
    await db.schema
      .createTable('door_signing_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('private_pkcs8', 'text', (c) => c.notNull())
      .addColumn('public_raw', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
