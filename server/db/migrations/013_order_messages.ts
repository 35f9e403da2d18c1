import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Order confirmations (issue 18): the messages an order owes its customer (a confirmation e-mail and
 * SMS after it is paid or held, a cancellation e-mail and SMS after it is cancelled), queued in the
 * transaction that changes the order and sent afterwards with retries; and the development mail outbox.
 */
export const m013_OrderMessages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reservation_identifier', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    // Once per order: one message of each kind on each channel.
    await db.schema
      .createIndex('order_messages_once')
      .on('order_messages')
      .columns(['reservation_identifier', 'kind', 'channel'])
      .unique()
      .execute();
    await db.schema
      .createIndex('order_messages_due')
      .on('order_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('ics', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
