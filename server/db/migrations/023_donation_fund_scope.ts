import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 35: where a seat order offers a donation fund (an orchestra's fund with the orchestra's shows, not
 * with a trampoline session): a JSON `{ venueIds, categories }`; null, every order. Given on its own
 * (/donations), any fund is open.
 */
export const m023_DonationFundScope: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('donation_funds').addColumn('scope_json', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('donation_funds').dropColumn('scope_json').execute();
  },
};
