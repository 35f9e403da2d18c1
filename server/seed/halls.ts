import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import type { Database } from '../db/types.ts';
import { SYSTEM_ACTOR } from '../services/audit/log.ts';
import { publishPlanIn } from '../services/catalogue/plans/publish.ts';
import { insertHall } from '../services/catalogue/venuesAdmin.ts';

/**
 * A demo hall and its plan as published version 1, through the back office's own services (the hall
 * takes the plan's id): checked like an import, its seats written, each step in the audit log as the
 * system's. The price levels the plan names must be in already.
 */
export async function seedHallPlan(
  trx: Kysely<Database>,
  hall: { id: number; venueId: number; hallName: LocalizedText; plan: Seatplan },
  now: number,
): Promise<void> {
  await insertHall(trx, SYSTEM_ACTOR, hall.id, hall.venueId, { name: hall.hallName }, now);
  await publishPlanIn(
    trx,
    SYSTEM_ACTOR,
    { id: hall.id, hallId: hall.id, plan: hall.plan, sourceFormat: 'seatplanV2' },
    now,
  );
}
