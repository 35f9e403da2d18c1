import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 18, reports and the liability waiver: the point of sale of each order (online or at the box
 * office, by which staff user), age bounds on ticket types, the waiver a presentation requires, and the
 * waivers signed with orders.
 */
export const m015_ReportsAndWaivers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('point_of_sale', 'text', (c) => c.notNull().defaultTo('online'))
      .execute();
    await db.schema.alterTable('orders').addColumn('sold_by_staff_id', 'text').execute();
    await db.schema.alterTable('tickets').addColumn('min_age', 'integer').execute();
    await db.schema.alterTable('tickets').addColumn('max_age', 'integer').execute();
    await db.schema.alterTable('presentations').addColumn('waiver_id', 'integer').execute();
    await db.schema
      .createTable('waivers')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('title_json', 'text', (c) => c.notNull())
      .addColumn('text_json', 'text', (c) => c.notNull())
      .addColumn('adult_min_age', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('order_waivers')
      .addColumn('reservation_identifier', 'text', (c) => c.primaryKey())
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('waiver_id', 'integer', (c) => c.notNull())
      .addColumn('waiver_version', 'integer', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('adult_name', 'text', (c) => c.notNull())
      .addColumn('adult_id_number', 'text', (c) => c.notNull())
      .addColumn('adult_date_of_birth', 'text', (c) => c.notNull())
      .addColumn('jumpers_json', 'text', (c) => c.notNull())
      .addColumn('signature_png', 'text', (c) => c.notNull())
      .addColumn('signed_at', 'bigint', (c) => c.notNull())
      .addColumn('signed_from', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema
      .createIndex('order_waivers_signed_at')
      .on('order_waivers')
      .columns(['signed_at'])
      .execute();
    await db.schema.createIndex('orders_confirmed_at').on('orders').columns(['confirmed_at']).execute();
  },
};
