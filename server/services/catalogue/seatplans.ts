import type { Kysely } from 'kysely';
import type { Seatplan } from '../../../src/api/contract/seatplan.ts';
import { type SeatKey, seatKey } from '../../../src/domain/seatKey.ts';
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

export interface SeatName {
  section: string;
  row: string;
  seat: string;
}

// Plans never change once stored, so their seat names are read once per plan and process.
const namesCache = new Map<number, Map<SeatKey, SeatName>>();

/** Section, row and seat names of a plan's seats, keyed `section_x_y`. */
export async function seatNames(db: Kysely<Database>, seatplanId: number): Promise<Map<SeatKey, SeatName>> {
  const hit = namesCache.get(seatplanId);
  if (hit) return hit;
  const row = await db
    .selectFrom('seatplans')
    .select('plan_json')
    .where('id', '=', seatplanId)
    .executeTakeFirst();
  if (!row) throw new AppError('seatplan_not_found', `seat plan ${seatplanId} does not exist`);
  const plan = JSON.parse(row.plan_json) as Seatplan;
  const names = new Map<SeatKey, SeatName>();
  for (const section of plan.S)
    for (const group of section.G)
      for (const r of group.R)
        for (const s of r.S)
          names.set(seatKey(section.id, s.x, s.y), { section: section.name, row: r.r, seat: s.n });
  if (namesCache.size > 50) namesCache.clear();
  namesCache.set(seatplanId, names);
  return names;
}
