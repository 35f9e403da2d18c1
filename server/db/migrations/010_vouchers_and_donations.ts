import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Vouchers and donations sold online, and ticket codes (issue 15):
 * - the system vouchers for sale (`voucher_offers`, spec section 3 "System voucher for sale"): fixed
 *   prices, an open price between a minimum and a maximum, or dates to choose; and the products the
 *   voucher shop sells with them;
 * - donation funds with their fixed amounts and an optional custom amount;
 * - an order's voucher and donation lines; the vouchers a paid order issued carry its reservation;
 * - tickets a code unlocks: a voucher ticket (paid by a ticket voucher), a partner card's price, a
 *   hidden price code; tickets may ask for references (ref1/ref2) with options or a pattern;
 * - a voucher's uses claimed by a pending order (`voucher_redemptions`), like a gift card's amount
 *   set aside by a pending voucher payment.
 */
export const m010_VouchersAndDonations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('system_voucher_classes')
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('system_voucher_classes').addColumn('terms_json', 'text').execute();

    await db.schema
      .createTable('voucher_offers')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('class_id', 'integer', (c) => c.notNull().references('system_voucher_classes.id'))
      .addColumn('super_class_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('description_json', 'text', (c) => c.notNull())
      .addColumn('min_price', 'integer')
      .addColumn('max_price', 'integer')
      .addColumn('validity_days', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addCheckConstraint('voucher_offers_kind', sql`kind in ('fixed', 'open', 'dated')`)
      .execute();
    await db.schema
      .createTable('voucher_offer_prices')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('voucher_offers.id'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('voucher_offer_dates')
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('voucher_offers.id'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('voucher_offer_dates_pk', ['offer_id', 'date'])
      .execute();
    await db.schema
      .createTable('voucher_shop_products')
      .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id'))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('donation_funds')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('description_json', 'text', (c) => c.notNull())
      .addColumn('min_custom', 'integer')
      .addColumn('max_custom', 'integer')
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('donation_amounts')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('fund_id', 'integer', (c) => c.notNull().references('donation_funds.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('order_voucher_lines')
      .addColumn('reservation_identifier', 'text', (c) =>
        c.notNull().references('orders.reservation_identifier'),
      )
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('offer_id', 'integer', (c) => c.notNull().references('voucher_offers.id'))
      .addColumn('price_id', 'integer')
      .addColumn('date', 'text')
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('unit_value', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_voucher_lines_pk', ['reservation_identifier', 'line'])
      .execute();
    await db.schema
      .createTable('order_donation_lines')
      .addColumn('reservation_identifier', 'text', (c) =>
        c.notNull().references('orders.reservation_identifier'),
      )
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('fund_id', 'integer', (c) => c.notNull().references('donation_funds.id'))
      .addColumn('amount_id', 'integer')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_donation_lines_pk', ['reservation_identifier', 'line'])
      .execute();
    await db.schema.alterTable('orders').addColumn('vouchers_total', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('donations_total', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('receipt_number', 'text').execute();
    await db.schema.alterTable('system_vouchers').addColumn('offer_id', 'integer').execute();
    await db.schema.alterTable('system_vouchers').addColumn('valid_date', 'text').execute();
    await db.schema
      .createIndex('system_vouchers_reservation')
      .on('system_vouchers')
      .column('reservation_identifier')
      .execute();

    await db.schema
      .createTable('partner_programs')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('pattern', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('tickets').addColumn('voucher_class_id', 'integer').execute();
    await db.schema.alterTable('tickets').addColumn('partner_program_id', 'integer').execute();
    await db.schema.alterTable('tickets').addColumn('price_code', 'text').execute();
    await db.schema
      .alterTable('tickets')
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('tickets').addColumn('ref1_options_json', 'text').execute();
    await db.schema.alterTable('tickets').addColumn('ref1_pattern', 'text').execute();
    await db.schema.alterTable('tickets').addColumn('ref2_pattern', 'text').execute();

    await db.schema.alterTable('order_tickets').addColumn('ticket_code', 'text').execute();
    await db.schema.alterTable('order_tickets').addColumn('ref1', 'text').execute();
    await db.schema.alterTable('order_tickets').addColumn('ref2', 'text').execute();

    await db.schema
      .createTable('voucher_redemptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reservation_identifier', 'text', (c) =>
        c.notNull().references('orders.reservation_identifier'),
      )
      .addColumn('voucher_reference', 'text', (c) => c.notNull().references('system_vouchers.reference'))
      .addColumn('uses', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint(
        'voucher_redemptions_status',
        sql`status in ('pending', 'redeemed', 'released', 'restored')`,
      )
      .execute();
    await db.schema
      .createIndex('voucher_redemptions_voucher')
      .on('voucher_redemptions')
      .columns(['voucher_reference', 'status'])
      .execute();
    await db.schema
      .createIndex('voucher_redemptions_order')
      .on('voucher_redemptions')
      .column('reservation_identifier')
      .execute();
  },
};
