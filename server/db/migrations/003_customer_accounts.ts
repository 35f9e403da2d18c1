import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m003_CustomerAccounts: Migration = {
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
};
