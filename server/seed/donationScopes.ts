import type { Kysely } from 'kysely';
import type { DonationScope } from '../../src/api/contract/donations.ts';
import type { Database } from '../db/types.ts';
import { VENUE } from './catalogue.ts';
import { DONATION_FUND } from './voucherIds.ts';

/** The demo orchestra's fund goes with the orchestra's shows: the Philharmonic's, and orchestra concerts. */
export const YOUNG_MUSICIANS_SCOPE: DonationScope = {
  venueIds: [VENUE.philharmonic],
  categories: ['orchestra'],
};

/**
 * Gives the demo's funds their scope (issue 35: a trampoline order offered the orchestra's fund), once,
 * on a new demo and on one seeded before scopes existed (a marker row). True when it wrote anything.
 */
export async function seedDonationScopes(db: Kysely<Database>): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_donation_scopes')
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_donation_scopes', value: '1' }).execute();
    await trx
      .updateTable('donation_funds')
      .set({ scope_json: JSON.stringify(YOUNG_MUSICIANS_SCOPE) })
      .where('id', '=', DONATION_FUND.youngMusicians)
      .where('scope_json', 'is', null)
      .execute();
  });
  return true;
}
