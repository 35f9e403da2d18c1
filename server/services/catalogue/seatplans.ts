import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/**
 * The stored seat plan JSON, as text: it was validated against the contract when seeded, and parsing
 * and re-serialising 20,000+ seats on every call would only cost time.
 */
export async function getSeatplanJson(
  db: Kysely<Database>,
  venueId: number,
  seatplanId: number,
): Promise<string> {
  const row = await db
    .selectFrom('seatplans')
    .select('plan_json')
    .where('id', '=', seatplanId)
    .where('venue_id', '=', venueId)
    .executeTakeFirst();
  if (!row)
    throw new AppError('seatplan_not_found', `seat plan ${seatplanId} of venue ${venueId} does not exist`);
  return row.plan_json;
}
