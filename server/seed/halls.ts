import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import type { Database } from '../db/types.ts';

/**
 * A demo hall and its plan as published version 1 (the hall takes the plan's id). The plan's seats go to
 * plan_seats by the caller, in the seed's transaction.
 */
export async function insertDemoHallPlan(
  trx: Kysely<Database>,
  plan: { id: number; venueId: number; hallName: LocalizedText; planJson: string; seatCount: number },
  now: number,
): Promise<void> {
  await trx
    .insertInto('halls')
    .values({
      id: plan.id,
      venue_id: plan.venueId,
      name_json: JSON.stringify(plan.hallName),
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('seatplans')
    .values({
      id: plan.id,
      venue_id: plan.venueId,
      hall_id: plan.id,
      hall_name_json: JSON.stringify(plan.hallName),
      plan_json: plan.planJson,
      seat_count: plan.seatCount,
      version: 1,
      status: 'published',
      created_at: now,
      published_at: now,
      source_format: 'seatplanV2',
    })
    .execute();
}
