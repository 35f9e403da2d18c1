import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
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

// Plans never change once stored, so their seats are read once per plan and process.
const seatsCache = new Map<number, { names: Map<SeatKey, SeatName>; wheelchair: Set<SeatKey> }>();

/** A plan's seats: their names, and which are wheelchair spaces. */
async function planSeats(db: Kysely<Database>, seatplanId: number) {
  const hit = seatsCache.get(seatplanId);
  if (hit) return hit;
  const row = await db
    .selectFrom('seatplans')
    .select('plan_json')
    .where('id', '=', seatplanId)
    .executeTakeFirst();
  if (!row) throw new AppError('seatplan_not_found', `seat plan ${seatplanId} does not exist`);
  const plan = JSON.parse(row.plan_json) as Seatplan;
  const names = new Map<SeatKey, SeatName>();
  const wheelchair = new Set<SeatKey>();
  for (const section of plan.S)
    for (const group of section.G)
      for (const r of group.R)
        for (const s of r.S) {
          const key = seatKey(section.id, s.x, s.y);
          names.set(key, { section: section.name, row: r.r, seat: s.n });
          if (s.handicap === true) wheelchair.add(key);
        }
  if (seatsCache.size > 50) seatsCache.clear();
  const seats = { names, wheelchair };
  seatsCache.set(seatplanId, seats);
  return seats;
}

/** Section, row and seat names of a plan's seats, keyed `section_x_y`. */
export async function seatNames(db: Kysely<Database>, seatplanId: number): Promise<Map<SeatKey, SeatName>> {
  return (await planSeats(db, seatplanId)).names;
}

/** The wheelchair spaces of a plan, keyed `section_x_y` (the door says "wheelchair space"). */
export async function wheelchairSpaces(db: Kysely<Database>, seatplanId: number): Promise<Set<SeatKey>> {
  return (await planSeats(db, seatplanId)).wheelchair;
}

// A published plan never changes: its section names are read once per plan and process.
const sectionCache = new Map<number, Map<number, LocalizedText>>();

/**
 * The sections' names per language of the given plans, by plan and section id (a ticket keeps the name
 * it was sold under; e-tickets and confirmations show the customer's language from these).
 */
export async function sectionNamesOf(
  db: Kysely<Database>,
  seatplanIds: readonly number[],
): Promise<Map<number, Map<number, LocalizedText>>> {
  const out = new Map<number, Map<number, LocalizedText>>();
  const missing = [...new Set(seatplanIds)].filter((id) => {
    const hit = sectionCache.get(id);
    if (hit) out.set(id, hit);
    return !hit;
  });
  if (missing.length === 0) return out;
  const rows = await db
    .selectFrom('seatplans')
    .select(['id', 'plan_json', 'status'])
    .where('id', 'in', missing)
    .execute();
  for (const row of rows) {
    const plan = JSON.parse(row.plan_json) as Seatplan;
    const names = new Map(plan.S.map((s) => [s.id, s.names ?? {}]));
    out.set(row.id, names);
    if (row.status !== 'published') continue;
    if (sectionCache.size > 200) sectionCache.clear();
    sectionCache.set(row.id, names);
  }
  return out;
}
