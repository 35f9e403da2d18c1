import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Abuse limits (issue 14): a hold remembers the client address that took it, so the box office can count
 * the seats one address holds across visitors and presentations; and both counts (per visitor, per
 * address) find the live holds by index.
 */
export const m009_HoldAddresses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('seat_holds').addColumn('holder_address', 'text').execute();
    await db.schema
      .createIndex('seat_holds_visitor_live')
      .on('seat_holds')
      .columns(['visitor', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('seat_holds_address_live')
      .on('seat_holds')
      .columns(['holder_address', 'expires_at'])
      .execute();
  },
};
