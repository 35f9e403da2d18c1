import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';
import { replaceCheck } from './schemaChange.ts';

/**
 * One checkout for every cart: orders live through pending → paid (or held, failed, cancelled), an order
 * has many payments each with its own state, a seat being paid for is claimed by its order, saved cards
 * are provider tokens, and the sandbox acquirer keeps its own ledger (as a real acquirer would, on its
 * side) so that a restarted box office can ask it what became of a payment.
 */
export function checkoutMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('is_hold', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('orders').addColumn('hold_deadline', 'bigint').execute();
      await db.schema.alterTable('orders').addColumn('payment_deadline', 'bigint').execute();
      await db.schema.alterTable('orders').addColumn('failure_json', 'text').execute();
      await db.schema.alterTable('orders').addColumn('confirmed_at', 'bigint').execute();
      await replaceCheck(
        db,
        dialect,
        'orders',
        'orders_state',
        "state in ('pending', 'paid', 'held', 'failed', 'cancelled')",
      );
      await db.schema
        .createIndex('orders_state_created')
        .on('orders')
        .columns(['state', 'created_at'])
        .execute();

      // Which line kind wrote a ticket: a seat of a presentation, or a video on demand.
      await db.schema
        .alterTable('order_tickets')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('seat'))
        .execute();
      await sql`update order_tickets set kind = 'video' where presentation_id in
        (select id from presentations where venue_type_id between 101 and 104)`.execute(db);

      // The order whose payment is under way (or whose hold it is) claims the seat: it can be neither
      // released by the visitor nor claimed by a second checkout.
      await db.schema.alterTable('seat_holds').addColumn('claimed_by', 'text').execute();
      await db.schema.createIndex('seat_holds_claimed_by').on('seat_holds').column('claimed_by').execute();
      // Seats sold before this migration are claimed by the order that bought them.
      await sql`update seat_holds set claimed_by = (
          select t.reservation_identifier from order_tickets t
          where t.presentation_id = seat_holds.presentation_id and t.section_id = seat_holds.section_id
            and t.x = seat_holds.x and t.y = seat_holds.y and t.state = 'valid' limit 1)
        where state = 'sold'`.execute(db);

      await db.schema
        .createTable('order_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reservation_identifier', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('number_of_payments', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('provider_ref', 'text')
        .addColumn('brand', 'text')
        .addColumn('last4', 'text')
        .addColumn('approval_code', 'text')
        .addColumn('failure_code', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('action_json', 'text')
        .addColumn('voucher_reference', 'text')
        .addColumn('saved_card_id', 'text')
        .addColumn('save_card', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'order_payments_status',
          sql`status in ('pending', 'action_needed', 'approved', 'failed', 'refunded')`,
        )
        .execute();
      await db.schema
        .createIndex('order_payments_reservation')
        .on('order_payments')
        .column('reservation_identifier')
        .execute();
      await db.schema
        .createIndex('order_payments_voucher')
        .on('order_payments')
        .columns(['voucher_reference', 'status'])
        .execute();
      // Charges recorded before this migration move over; declined attempts without an order stay behind.
      await sql`
        insert into order_payments (id, reservation_identifier, method, provider, status, amount,
          number_of_payments, provider_ref, brand, last4, approval_code, created_at, updated_at)
        select transaction_id, reservation_identifier, 'card', provider,
          case status when 'refunded' then 'refunded' else 'approved' end,
          amount, number_of_payments, transaction_id, brand, last4, approval_code, created_at, created_at
        from payments
        where reservation_identifier is not null and provider <> 'none' and status <> 'declined'`.execute(db);
      await db.schema.dropTable('payments').execute();

      // A refund is written with the cancellation and sent to the provider after it; done_at marks it sent.
      await db.schema.alterTable('refunds').addColumn('done_at', 'bigint').execute();
      await db.schema.alterTable('refunds').addColumn('payment_id', 'text').execute();
      await sql`update refunds set done_at = created_at`.execute(db);

      await db.schema
        .createTable('saved_cards')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('expiry', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('saved_cards_customer').on('saved_cards').column('customer_id').execute();

      await db.schema
        .createTable('sandbox_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('number_of_payments', 'integer', (c) => c.notNull())
        .addColumn('brand', 'text')
        .addColumn('last4', 'text')
        .addColumn('expiry', 'text')
        .addColumn('approval_code', 'text')
        .addColumn('reason', 'text')
        .addColumn('token', 'text')
        .addColumn('save_card', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('payer_id', 'text')
        .addColumn('blik_code', 'text')
        .addColumn('return_url', 'text')
        .addColumn('cancel_url', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_refunds')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_blik_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('transaction_id', 'text')
        .execute();
      await db.schema
        .createIndex('sandbox_blik_codes_code')
        .on('sandbox_blik_codes')
        .column('code')
        .execute();
      await db.schema
        .createTable('sandbox_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('expiry', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
