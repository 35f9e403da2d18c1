import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m002_OrdersAndPayments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tickets').addColumn('required_ticket_id', 'integer').execute();
    await db.schema.alterTable('tickets').addColumn('required_minimum', 'integer').execute();
    await db.schema.alterTable('tickets').addColumn('quota', 'integer').execute();
    await db.schema
      .alterTable('presentations')
      .addColumn('best_available', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('seat_holds')
      .addColumn('extended', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text')
      .addColumn('mobile_number', 'text')
      .addColumn('ssn', 'text')
      .addColumn('address1', 'text')
      .addColumn('address2', 'text')
      .addColumn('city', 'text')
      .addColumn('postal_code', 'text')
      .addColumn('date_of_birth', 'text')
      .addColumn('location_id', 'integer')
      .addColumn('is_mailing_allowed', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('orders')
      .addColumn('reservation_identifier', 'text', (c) => c.primaryKey())
      .addColumn('document_key', 'text', (c) => c.notNull().unique())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('tickets_total', 'integer', (c) => c.notNull())
      .addColumn('service_charge_total', 'integer', (c) => c.notNull())
      .addColumn('products_total', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('number_of_payments', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('orders_state', sql`state in ('paid', 'cancelled')`)
      .execute();
    await db.schema.createIndex('orders_visitor').on('orders').column('visitor').execute();
    await db.schema
      .createTable('order_tickets')
      .addColumn('ticket_identifier', 'text', (c) => c.primaryKey())
      .addColumn('reservation_identifier', 'text', (c) =>
        c.notNull().references('orders.reservation_identifier'),
      )
      .addColumn('presentation_id', 'integer', (c) => c.notNull().references('presentations.id'))
      .addColumn('section_id', 'integer', (c) => c.notNull())
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addColumn('section_name', 'text', (c) => c.notNull())
      .addColumn('row_name', 'text', (c) => c.notNull())
      .addColumn('seat_name', 'text', (c) => c.notNull())
      .addColumn('ticket_group_id', 'integer', (c) => c.notNull())
      .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('service_charge', 'integer', (c) => c.notNull())
      .addColumn('is_sub_ticket', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_tickets_reservation')
      .on('order_tickets')
      .column('reservation_identifier')
      .execute();
    await db.schema
      .createIndex('order_tickets_presentation_ticket')
      .on('order_tickets')
      .columns(['presentation_id', 'ticket_id'])
      .execute();
    await db.schema
      .createTable('order_products')
      .addColumn('reservation_identifier', 'text', (c) =>
        c.notNull().references('orders.reservation_identifier'),
      )
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_products_pk', [
        'reservation_identifier',
        'presentation_id',
        'product_id',
      ])
      .execute();
    // A charge as the acquirer reported it: brand and last four digits only, never the card itself.
    await db.schema
      .createTable('payments')
      .addColumn('transaction_id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('reservation_identifier', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('number_of_payments', 'integer', (c) => c.notNull())
      .addColumn('brand', 'text')
      .addColumn('last4', 'text')
      .addColumn('approval_code', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('payments_status', sql`status in ('approved', 'declined', 'refunded')`)
      .execute();
    // One row per idempotency key: the same commit sent twice (or at once) gets one outcome.
    await db.schema
      .createTable('commit_attempts')
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reservation_identifier', 'text')
      .addColumn('error_json', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('commit_attempts_pk', ['visitor', 'idempotency_key'])
      .addCheckConstraint('commit_attempts_status', sql`status in ('pending', 'done', 'declined')`)
      .execute();
  },
};
