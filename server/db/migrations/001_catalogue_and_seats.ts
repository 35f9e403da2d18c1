import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m001_CatalogueAndSeats: Migration = {
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
};
