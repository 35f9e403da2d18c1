import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 40, the waiting room: a queue staff put in front of one presentation or a whole on-sale (its
 * presentations), the places in it, and how fast it lets people in. One row per room is all the shared
 * state the admission needs: every process reads it, one at a time moves it on.
 */
export const m031_WaitingRooms: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('waiting_rooms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('opens_at', 'bigint', (c) => c.notNull())
      .addColumn('admit_per_minute', 'integer', (c) => c.notNull())
      .addColumn('target_ms', 'integer')
      .addColumn('auto_buyers', 'integer')
      .addColumn('pass_minutes', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('drawn', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('admitted_through', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
      .addColumn('measured_per_minute', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('carry_milli', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_tick_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('buyers', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latency_ms', 'integer')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('waiting_room_presentations')
      .addColumn('presentation_id', 'integer', (c) => c.primaryKey())
      .addColumn('room_id', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('waiting_room_presentations_room')
      .on('waiting_room_presentations')
      .column('room_id')
      .execute();
    await db.schema
      .createTable('queue_entries')
      .addColumn('room_id', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('position', 'integer')
      .addColumn('draw_key', 'bigint', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addColumn('passed_at', 'bigint')
      .addPrimaryKeyConstraint('queue_entries_pk', ['room_id', 'visitor'])
      .execute();
    await db.schema
      .createIndex('queue_entries_position')
      .on('queue_entries')
      .columns(['room_id', 'position'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('queue_entries').execute();
    await db.schema.dropTable('waiting_room_presentations').execute();
    await db.schema.dropTable('waiting_rooms').execute();
  },
};
