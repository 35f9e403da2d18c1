import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 35, gift cards sent as a gift: the recipient, the buyer's message, the delivery date, the
 * e-mail's language and the instant it goes out, of an order whose gift cards go to someone else. The
 * e-mail itself is an order message (kind `gift`) queued for that instant when the order is paid.
 */
export const m024_OrderGifts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_gifts')
      .addColumn('reservation_identifier', 'text', (c) => c.primaryKey())
      .addColumn('recipient_name', 'text', (c) => c.notNull())
      .addColumn('recipient_email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('deliver_on', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('send_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('order_gifts').execute();
  },
};
