import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { seedMembershipOffers } from './membershipOffers.ts';
import { seedMembershipPrices } from './membershipPrices.ts';
import { seedMemberTicketsAndMembers } from './memberTicketsSeed.ts';
import { seedSeason } from './seasonSeed.ts';

/**
 * The memberships sold online (issue 16), idempotent behind its own marker: Friends of the Philharmonic
 * (member prices and member-sale holds at orchestra evenings, hidden prices by code, one in euros, one
 * with a voucher, an early-bird discount), the cinema club (a balance of 10 member tickets, top-ups and
 * renewal), a series of three concert memberships that each carry a seat in three concerts, and the
 * Philharmonic season 2026/27 (ten concerts, six required and two of four optional chosen) for fixed-seat
 * enrolment, with a second way in that skips the fixed seat. Member tickets join the ticket groups.
 */
export async function seedMemberships(db: Kysely<Database>, now: number): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_memberships')
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_memberships', value: '1' }).execute();

    await seedMembershipOffers(trx);
    await seedMembershipPrices(trx);
    await seedSeason(trx, now);
    await seedMemberTicketsAndMembers(trx, now);
  });
  return true;
}
