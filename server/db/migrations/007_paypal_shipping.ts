import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The sandbox PayPal keeps each order's shipping preference, as PayPal's Orders v2 does
 * (`NO_SHIPPING` from the venue's no-shipping flag, else `GET_FROM_FILE`: the payer's PayPal address).
 */
export const m007_PaypalShipping: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sandbox_transactions').addColumn('shipping_preference', 'text').execute();
  },
};
