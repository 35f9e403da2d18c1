import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';

/**
 * One set of migrations for SQLite and PostgreSQL: only types both understand (integer, bigint, text),
 * flags as 0/1 integers, instants as epoch milliseconds in bigint columns.
 */
const migrations: Record<string, Migration> = {
  '001_catalogue_and_seats': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('allocations')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_online', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('venues')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_json', 'text', (c) => c.notNull())
        .addColumn('venue_type_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('seatplans')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('venue_id', 'integer', (c) => c.notNull().references('venues.id'))
        .addColumn('hall_name_json', 'text', (c) => c.notNull())
        .addColumn('plan_json', 'text', (c) => c.notNull())
        .addColumn('seat_count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('plan_seats')
        .addColumn('seatplan_id', 'integer', (c) => c.notNull().references('seatplans.id'))
        .addColumn('section_id', 'integer', (c) => c.notNull())
        .addColumn('x', 'integer', (c) => c.notNull())
        .addColumn('y', 'integer', (c) => c.notNull())
        .addColumn('ticket_group_id', 'integer', (c) => c.notNull())
        .addColumn('allocation_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('plan_seats_pk', ['seatplan_id', 'section_id', 'x', 'y'])
        .execute();
      await db.schema
        .createTable('features')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title_json', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('dubbing', 'text')
        .addColumn('subtitles', 'text')
        .addColumn('duration_minutes', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ticket_groups')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tickets')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('ticket_group_id', 'integer', (c) => c.notNull().references('ticket_groups.id'))
        .addColumn('name_json', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('old_price', 'integer')
        .addColumn('service_charge', 'integer', (c) => c.notNull())
        .addColumn('price_policy_id', 'integer', (c) => c.notNull())
        .addColumn('multiply_factor', 'integer', (c) => c.notNull())
        .addColumn('is_sub_ticket', 'integer', (c) => c.notNull())
        .addColumn('ref1prompt', 'text')
        .addColumn('ref2prompt', 'text')
        .addColumn('min_quantity', 'integer')
        .addColumn('max_quantity', 'integer')
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_json', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('is_delivery_required', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('presentations')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id'))
        .addColumn('venue_id', 'integer', (c) => c.notNull().references('venues.id'))
        .addColumn('seatplan_id', 'integer', (c) => c.notNull().references('seatplans.id'))
        .addColumn('venue_type_id', 'integer', (c) => c.notNull())
        .addColumn('seating_policy_id', 'integer', (c) => c.notNull())
        .addColumn('is_reserved', 'integer', (c) => c.notNull())
        .addColumn('auth_profile_id', 'integer', (c) => c.notNull())
        .addColumn('business_id', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('sale_start', 'bigint', (c) => c.notNull())
        .addColumn('sale_end', 'bigint', (c) => c.notNull())
        .addColumn('lock_timer_json', 'text', (c) => c.notNull())
        .addColumn('service_charge', 'integer', (c) => c.notNull())
        .addColumn('is_display_qr', 'integer', (c) => c.notNull())
        .addColumn('view_area_filename', 'text')
        .addColumn('image_map_html', 'text')
        .addColumn('new_booking_url', 'text')
        .execute();
      await db.schema
        .createIndex('presentations_business_date')
        .on('presentations')
        .columns(['business_date', 'starts_at'])
        .execute();
      await db.schema
        .createTable('presentation_products')
        .addColumn('presentation_id', 'integer', (c) => c.notNull().references('presentations.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('presentation_products_pk', ['presentation_id', 'product_id'])
        .execute();
      await db.schema
        .createTable('presentation_ticket_groups')
        .addColumn('presentation_id', 'integer', (c) => c.notNull().references('presentations.id'))
        .addColumn('ticket_group_id', 'integer', (c) => c.notNull().references('ticket_groups.id'))
        .addPrimaryKeyConstraint('presentation_ticket_groups_pk', ['presentation_id', 'ticket_group_id'])
        .execute();
      // One row per seat that is held or sold: the primary key is what makes a double sale impossible.
      await db.schema
        .createTable('seat_holds')
        .addColumn('presentation_id', 'integer', (c) => c.notNull().references('presentations.id'))
        .addColumn('section_id', 'integer', (c) => c.notNull())
        .addColumn('x', 'integer', (c) => c.notNull())
        .addColumn('y', 'integer', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('seat_holds_pk', ['presentation_id', 'section_id', 'x', 'y'])
        .addCheckConstraint('seat_holds_state', sql`state in ('held', 'sold')`)
        .execute();
      await db.schema
        .createIndex('seat_holds_visitor')
        .on('seat_holds')
        .columns(['presentation_id', 'visitor'])
        .execute();
      await db.schema
        .createTable('carts')
        .addColumn('visitor', 'text', (c) => c.primaryKey())
        .addColumn('cart_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '002_orders_and_payments': {
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
  },
  '003_customer_accounts': {
    async up(db: Kysely<unknown>) {
      // Accounts are customer rows with is_account = 1; order rows keep a snapshot of the form.
      await db.schema.alterTable('customers').addColumn('mobile_key', 'text').execute();
      await db.schema.alterTable('customers').addColumn('email_key', 'text').execute();
      await db.schema
        .alterTable('customers')
        .addColumn('is_account', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('customers').addColumn('password_hash', 'text').execute();
      await db.schema
        .alterTable('customers')
        .addColumn('is_sms_allowed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('customers').addColumn('license_plate', 'text').execute();
      await db.schema.createIndex('customers_mobile_key').on('customers').column('mobile_key').execute();
      await db.schema.createIndex('customers_email_key').on('customers').column('email_key').execute();
      await db.schema
        .createIndex('customers_account_mobile')
        .on('customers')
        .column('mobile_key')
        .unique()
        .where(sql<boolean>`is_account = 1`)
        .execute();
      await db.schema.alterTable('orders').addColumn('account_id', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('booking_fee', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('orders').addColumn('cancelled_at', 'bigint').execute();
      await db.schema.alterTable('orders').addColumn('cancel_fee', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('refund_amount', 'integer').execute();
      await db.schema.createIndex('orders_account').on('orders').column('account_id').execute();
      await db.schema.createIndex('orders_customer').on('orders').column('customer_id').execute();
      await db.schema
        .createTable('refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('reservation_identifier', 'text')
        .addColumn('voucher_reference', 'text')
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Session ids, codes and link tokens are stored only as hashes.
      await db.schema
        .createTable('customer_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sms_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mobile_key', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text')
        .addColumn('create_account', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sms_codes_mobile')
        .on('sms_codes')
        .columns(['mobile_key', 'created_at'])
        .execute();
      await db.schema
        .createTable('login_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('redeemed_at', 'bigint')
        .execute();
      await db.schema
        .createTable('rate_events')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_events_lookup')
        .on('rate_events')
        .columns(['bucket', 'key', 'created_at'])
        .execute();
      await db.schema
        .createTable('sms_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_number', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('memberships')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_json', 'text', (c) => c.notNull())
        .addColumn('class_name', 'text', (c) => c.notNull())
        .addColumn('type_id', 'integer', (c) => c.notNull())
        .addColumn('allow_member_sale_tickets', 'integer', (c) => c.notNull())
        .addColumn('is_loyalty_points_redemption', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('members')
        .addColumn('member_number', 'text', (c) => c.primaryKey())
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id'))
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('membership_identifier', 'text', (c) => c.notNull())
        .addColumn('additional_name', 'text')
        .addColumn('balance', 'integer', (c) => c.notNull())
        .addColumn('used_balance', 'integer', (c) => c.notNull())
        .addColumn('points_balance', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('members_customer').on('members').column('customer_id').execute();
      await db.schema
        .createTable('system_voucher_classes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_json', 'text', (c) => c.notNull())
        .addColumn('benefit_json', 'text', (c) => c.notNull())
        .addColumn('is_stored_value', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('system_vouchers')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('class_id', 'integer', (c) => c.notNull().references('system_voucher_classes.id'))
        .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
        .addColumn('reservation_identifier', 'text')
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('redeemed', 'integer', (c) => c.notNull())
        .addColumn('balance', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('start_date', 'bigint', (c) => c.notNull())
        .addColumn('end_date', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('is_for_replacement', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sold_in_outlet', 'integer', (c) => c.notNull())
        .addColumn('transaction_id', 'text')
        .addColumn('cancelled_by', 'text')
        .addCheckConstraint('system_vouchers_state', sql`state in ('active', 'cancelled', 'scanned')`)
        .execute();
      await db.schema
        .createIndex('system_vouchers_customer')
        .on('system_vouchers')
        .column('customer_id')
        .execute();
    },
  },
};

/**
 * Runs the pending migrations. With a PostgreSQL schema the migration tables live in that schema: Kysely
 * otherwise looks them up across all schemas and may find another schema's (parallel test runs).
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
