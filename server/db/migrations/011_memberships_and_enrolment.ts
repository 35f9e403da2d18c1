import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Memberships sold online and fixed-seat season enrolment (issue 16):
 * - a membership for sale (spec section 3): its code, list texts, the ticket balance and points a new
 *   member starts with, how long it runs; its prices (a price code, currency, a system voucher given
 *   with it, a discount, terms to accept, references to give); memberships that carry seats hold one
 *   seat in each of their presentations (`membership_presentations`, a series of concerts);
 * - member tickets: a ticket only members of a membership may buy (drawing on its balance), a
 *   member-sale ticket, a loyalty-points price; a seat ticket remembers the member it was bought as;
 * - an order's membership lines (new, renewal, top-up) and the members a paid order made;
 * - season enrolment (spec section 3, "Enrolment membership"): the season's presentations (required or
 *   optional), its tariffs and prices per presentation, and the enrolments made (the fixed seat).
 */
export const m011_MembershipsAndEnrolment: Migration = {
  async up(db: Kysely<unknown>) {
    const addTo = async (
      table: string,
      column: string,
      type: 'integer' | 'text' | 'bigint',
      dflt?: number,
    ) => {
      await db.schema
        .alterTable(table)
        .addColumn(column, type, (c) => (dflt === undefined ? c : c.notNull().defaultTo(dflt)))
        .execute();
    };
    await addTo('memberships', 'code', 'text');
    await addTo('memberships', 'subtitle_json', 'text');
    await addTo('memberships', 'description_json', 'text');
    await addTo('memberships', 'is_for_sale', 'integer', 0);
    await addTo('memberships', 'sort', 'integer', 0);
    await addTo('memberships', 'ticket_balance', 'integer', 0);
    await addTo('memberships', 'points_balance', 'integer', 0);
    await addTo('memberships', 'validity_months', 'integer', 12);
    await addTo('memberships', 'has_seats', 'integer', 0);
    await db.schema.createIndex('memberships_code').on('memberships').column('code').unique().execute();

    await db.schema
      .createTable('membership_terms')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title_json', 'text', (c) => c.notNull())
      .addColumn('body_json', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('membership_discounts')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('membership_prices')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id'))
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('price_code', 'text')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('currency_code', 'text', (c) => c.notNull().defaultTo('ILS'))
      .addColumn('system_voucher_class_id', 'integer')
      .addColumn('discount_id', 'integer')
      .addColumn('terms_id', 'integer')
      .addColumn('references_json', 'text')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('new'))
      .addColumn('top_up_balance', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('membership_prices_membership')
      .on('membership_prices')
      .column('membership_id')
      .execute();
    await db.schema
      .createTable('membership_presentations')
      .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id'))
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('membership_presentations_pk', ['membership_id', 'presentation_id'])
      .execute();

    await addTo('members', 'reservation_identifier', 'text');
    await addTo('members', 'price_id', 'integer');
    await db.schema
      .alterTable('members')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
      .execute();
    await db.schema
      .createIndex('members_reservation')
      .on('members')
      .column('reservation_identifier')
      .execute();

    await addTo('tickets', 'membership_id', 'integer');
    await addTo('tickets', 'is_member_sale', 'integer', 0);
    await addTo('tickets', 'loyalty_points_price', 'integer');
    // Member tickets are looked up by price level for every member's ticket step.
    await db.schema.createIndex('tickets_group').on('tickets').column('ticket_group_id').execute();
    await addTo('order_tickets', 'member_number', 'text');
    await addTo('order_tickets', 'points_used', 'integer', 0);
    await db.schema.createIndex('order_tickets_member').on('order_tickets').column('member_number').execute();

    await db.schema
      .createTable('order_membership_lines')
      .addColumn('reservation_identifier', 'text', (c) =>
        c.notNull().references('orders.reservation_identifier'),
      )
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('membership_id', 'integer', (c) => c.notNull())
      .addColumn('price_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('member_number', 'text')
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency_code', 'text', (c) => c.notNull())
      .addColumn('references_json', 'text')
      .addColumn('seat_json', 'text')
      .addColumn('previous_json', 'text')
      .addPrimaryKeyConstraint('order_membership_lines_pk', ['reservation_identifier', 'line'])
      .execute();
    await addTo('orders', 'memberships_total', 'integer');
    await addTo('orders', 'enrolment_total', 'integer');
    // A membership order priced in a foreign currency (null: the venue's); the sandbox acquirer records
    // the currency it charged in (its refunds go back in it).
    await addTo('orders', 'currency_code', 'text');
    await addTo('sandbox_transactions', 'currency', 'text');

    await db.schema
      .createTable('seasons')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('previous_season_id', 'integer')
      .execute();
    await db.schema
      .createTable('enrolment_memberships')
      .addColumn('membership_id', 'integer', (c) => c.primaryKey().references('memberships.id'))
      .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id'))
      .addColumn('is_skip_member_seat', 'integer', (c) => c.notNull())
      .addColumn('is_pricing_per_ticket', 'integer', (c) => c.notNull())
      .addColumn('default_ticket_group_id', 'integer')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('optional_choices', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('enrolment_presentations')
      .addColumn('membership_id', 'integer', (c) => c.notNull())
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('is_required', 'integer', (c) => c.notNull())
      .addColumn('membership_payable_amount', 'integer')
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('enrolment_presentations_pk', ['membership_id', 'presentation_id'])
      .execute();
    await db.schema
      .createTable('enrolment_tickets')
      .addColumn('membership_id', 'integer', (c) => c.notNull())
      .addColumn('ticket_group_id', 'integer', (c) => c.notNull())
      .addColumn('ticket_id', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('enrolment_tickets_pk', ['membership_id', 'ticket_group_id', 'ticket_id'])
      .execute();
    await db.schema
      .createTable('enrolment_presentation_details')
      .addColumn('membership_id', 'integer', (c) => c.notNull())
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('ticket_group_id', 'integer', (c) => c.notNull())
      .addColumn('ticket_id', 'integer', (c) => c.notNull())
      .addColumn('is_price_override', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('membership_payable_amount', 'integer')
      .addPrimaryKeyConstraint('enrolment_presentation_details_pk', [
        'membership_id',
        'presentation_id',
        'ticket_group_id',
        'ticket_id',
      ])
      .execute();
    await db.schema
      .createTable('enrolments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reservation_identifier', 'text')
      .addColumn('membership_id', 'integer', (c) => c.notNull())
      .addColumn('season_id', 'integer', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('section_id', 'integer', (c) => c.notNull())
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addColumn('ticket_group_id', 'integer', (c) => c.notNull())
      .addColumn('ticket_id', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('enrolments_customer')
      .on('enrolments')
      .columns(['customer_id', 'season_id'])
      .execute();
    await db.schema
      .createIndex('enrolments_order')
      .on('enrolments')
      .column('reservation_identifier')
      .execute();
  },
};
