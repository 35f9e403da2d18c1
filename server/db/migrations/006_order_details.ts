import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';

/**
 * What the customer form adds to an order: the branch (location) the customer named, and the address
 * the products sent by post go to. Kept on the order itself, not only on its customer row, so that a
 * logged-in customer who later changes their details does not change where an old order was sent.
 */
export function orderDetailsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('location_id', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('delivery_address1', 'text').execute();
      await db.schema.alterTable('orders').addColumn('delivery_city', 'text').execute();
      await db.schema.alterTable('orders').addColumn('delivery_postal_code', 'text').execute();
    },
  };
}
