import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';

/**
 * Ticket add-ons (3D glasses with a 3D showing's ticket) and what each order ticket carried.
 *
 * An add-on is offered per presentation and ticket type (`ticket_addons`): ticket types are shared by
 * every presentation of a price level, and only the 3D showings of a film sell glasses with them. The
 * price sits on that offer. `preselect` on an offer says its add-on comes ticked for each seat
 * (the spec's `isFirstAddonSelected`); the shop honours it for the ticket's first add-on only.
 *
 * What a customer bought is copied per order ticket (`order_ticket_addons`, with the price paid), so a
 * later price change never changes an order; `orders.addons_total` is their sum, part of the total.
 */
export function ticketAddonsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('addons')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ticket_addons')
        .addColumn('presentation_id', 'integer', (c) => c.notNull().references('presentations.id'))
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
        .addColumn('addon_id', 'integer', (c) => c.notNull().references('addons.id'))
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('preselect', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ticket_addons_pk', ['presentation_id', 'ticket_id', 'addon_id'])
        .execute();
      await db.schema
        .createTable('order_ticket_addons')
        .addColumn('ticket_identifier', 'text', (c) =>
          c.notNull().references('order_tickets.ticket_identifier'),
        )
        .addColumn('reservation_identifier', 'text', (c) =>
          c.notNull().references('orders.reservation_identifier'),
        )
        .addColumn('addon_id', 'integer', (c) => c.notNull().references('addons.id'))
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_ticket_addons_pk', ['ticket_identifier', 'addon_id'])
        .execute();
      await db.schema
        .createIndex('order_ticket_addons_reservation')
        .on('order_ticket_addons')
        .column('reservation_identifier')
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('addons_total', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
