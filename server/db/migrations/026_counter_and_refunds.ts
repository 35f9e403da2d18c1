import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 36, serving customers and the counter:
 * - a clerk's shift at the counter (`counter_shifts`, one open per clerk): what they took and gave back
 *   in cash is counted against it at cash-up;
 * - payments taken at the counter (methods `cash` and `card_present`): the clerk who took them, their
 *   shift, and for cash the amount tendered (the change is tendered − amount);
 * - refunds given at the counter (cash back, or back to the card on the venue's terminal) are refunds
 *   too, with their method, clerk and shift;
 * - a staff change to a paid order (`order_adjustments`): a refund of the whole order or chosen lines, or
 *   an exchange to another presentation, with who, why, the fee kept or waived and the money moved;
 * - a ticket and a product line remember the change that cancelled or created them.
 */
export const m026_CounterAndRefunds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('counter_shifts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'text', (c) => c.notNull())
      .addColumn('staff_name', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('opening_float', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('counted_cash', 'integer')
      .addColumn('closing_note', 'text')
      .execute();
    await db.schema
      .createIndex('counter_shifts_staff')
      .on('counter_shifts')
      .columns(['staff_id', 'opened_at'])
      .execute();
    // One open shift per clerk, however many of their payments open one at the same moment.
    await sql`create unique index counter_shifts_open on counter_shifts (staff_id) where closed_at is null`.execute(
      db,
    );

    await db.schema
      .createTable('order_adjustments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reservation_identifier', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('fee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fee_waived_reason', 'text')
      .addColumn('refund', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('charge', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('detail_json', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_adjustments_order')
      .on('order_adjustments')
      .columns(['reservation_identifier', 'at'])
      .execute();

    for (const column of ['shift_id', 'taken_by'])
      await db.schema.alterTable('order_payments').addColumn(column, 'text').execute();
    await db.schema.alterTable('order_payments').addColumn('tendered', 'integer').execute();
    await db.schema.createIndex('order_payments_shift').on('order_payments').column('shift_id').execute();

    for (const column of ['method', 'shift_id', 'taken_by', 'adjustment_id'])
      await db.schema.alterTable('refunds').addColumn(column, 'text').execute();
    await db.schema.createIndex('refunds_shift').on('refunds').column('shift_id').execute();
    await db.schema.createIndex('refunds_order').on('refunds').column('reservation_identifier').execute();

    await db.schema.alterTable('order_tickets').addColumn('adjustment_id', 'text').execute();
    await db.schema
      .alterTable('order_products')
      .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('order_products').dropColumn('refunded_quantity').execute();
    await db.schema.alterTable('order_tickets').dropColumn('adjustment_id').execute();
    await db.schema.dropIndex('refunds_order').execute();
    await db.schema.dropIndex('refunds_shift').execute();
    for (const column of ['adjustment_id', 'taken_by', 'shift_id', 'method'])
      await db.schema.alterTable('refunds').dropColumn(column).execute();
    await db.schema.dropIndex('order_payments_shift').execute();
    for (const column of ['tendered', 'taken_by', 'shift_id'])
      await db.schema.alterTable('order_payments').dropColumn(column).execute();
    await db.schema.dropTable('order_adjustments').execute();
    await db.schema.dropIndex('counter_shifts_open').execute();
    await db.schema.dropTable('counter_shifts').execute();
  },
};
