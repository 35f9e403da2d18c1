import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { Seatplan } from '../../../src/api/contract/seatplan.ts';
import { type SeatKey, seatKey } from '../../../src/domain/seatKey.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { encodeColumns } from '../../../workers/seatplan/columns.ts';

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

/** A stored plan in columns (the seat map's form, workers/seatplan/columns.ts). */
export function planColumns(planJson: string): Uint8Array {
  const { bytes, result } = encodeColumns(JSON.parse(planJson));
  if (!result.data) throw new AppError('seatplan_invalid', 'the stored seat plan cannot be drawn');
  return bytes;
}

export interface SeatName {
  section: string;
  row: string;
  seat: string;
}

// Plans never change once stored, so their seats are read once per plan and process. The promise is
// kept, so purchases arriving together at a cold process read and parse a plan once (issue 40's burst
// read a 20,000-seat plan fourteen times at once).
type PlanSeats = { names: Map<SeatKey, SeatName>; wheelchair: Set<SeatKey> };
const seatsCache = new Map<number, Promise<PlanSeats>>();

/** A plan's seats: their names, and which are wheelchair spaces. */
function planSeats(db: Kysely<Database>, seatplanId: number): Promise<PlanSeats> {
  let hit = seatsCache.get(seatplanId);
  if (!hit) {
    if (seatsCache.size > 50) seatsCache.clear();
    hit = readPlanSeats(db, seatplanId);
    seatsCache.set(seatplanId, hit);
    // A plan that could not be read is not remembered: the next call reads it again.
    hit.catch(() => seatsCache.delete(seatplanId));
  }
  return hit;
}

async function readPlanSeats(db: Kysely<Database>, seatplanId: number): Promise<PlanSeats> {
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
  return { names, wheelchair };
}

/** Section, row and seat names of a plan's seats, keyed `section_x_y`. */
export async function seatNames(db: Kysely<Database>, seatplanId: number): Promise<Map<SeatKey, SeatName>> {
  return (await planSeats(db, seatplanId)).names;
}

/** The wheelchair spaces of a plan, keyed `section_x_y` (the door says "wheelchair space"). */
export async function wheelchairSpaces(db: Kysely<Database>, seatplanId: number): Promise<Set<SeatKey>> {
  return (await planSeats(db, seatplanId)).wheelchair;
}

// A published plan never changes: its section names are read once per plan and process (the promise is
// kept, so answers drawn together at a cold process read a plan once). A draft's are read each time.
const sectionCache = new Map<number, Promise<Map<number, LocalizedText> | null>>();

/**
 * The sections' names per language of the given plans, by plan and section id (a ticket keeps the name
 * it was sold under; e-tickets and confirmations show the customer's language from these).
 */
export async function sectionNamesOf(
  db: Kysely<Database>,
  seatplanIds: readonly number[],
): Promise<Map<number, Map<number, LocalizedText>>> {
  const out = new Map<number, Map<number, LocalizedText>>();
  await Promise.all(
    [...new Set(seatplanIds)].map(async (id) => {
      const names = await (sectionCache.get(id) ?? readSectionNames(db, id));
      if (names) out.set(id, names);
    }),
  );
  return out;
}

function readSectionNames(db: Kysely<Database>, id: number): Promise<Map<number, LocalizedText> | null> {
  const read = (async () => {
    const row = await db
      .selectFrom('seatplans')
      .select(['plan_json', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.status !== 'published') sectionCache.delete(id);
    if (!row) return null;
    const plan = JSON.parse(row.plan_json) as Seatplan;
    return new Map(plan.S.map((s) => [s.id, s.names ?? {}]));
  })();
  if (sectionCache.size > 200) sectionCache.clear();
  sectionCache.set(id, read);
  read.catch(() => sectionCache.delete(id));
  return read;
}
