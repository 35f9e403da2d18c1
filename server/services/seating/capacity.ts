import { type Kysely, sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/types.ts';
import { TtlCache } from '../../ttlCache.ts';

type Db = Kysely<Database>;

/**
 * A general-admission presentation's capacity (migration 022). The box office hands out places in plan
 * order (section, row y, place x); a capacity of N sells only the first N online places in that order.
 * The limit is a set of places, not a counter: a lock only ever tries places of the prefix, and the
 * hold's primary key lets each place go to one buyer, so two buyers racing for the last place cannot
 * both get one and no count is ever compared with N.
 */
export interface PlaceBound {
  sectionId: number;
  y: number;
  x: number;
}

/** Published plans never change: the bound of a plan and capacity is kept a minute per database handle. */
const bounds = new WeakMap<object, TtlCache<string, PlaceBound | null>>();

function onlinePlaces(db: Db, seatplanId: number) {
  return db
    .selectFrom('plan_seats as s')
    .innerJoin('allocations as a', 'a.id', 's.allocation_id')
    .where('s.seatplan_id', '=', seatplanId)
    .where('a.is_online', '=', 1);
}

/**
 * The last place a capacity sells: the capacity-th online place of the plan in (section, y, x) order.
 * Null when every place sells (no capacity, or one as large as the plan or larger).
 */
export function capacityBound(
  db: Db,
  seatplanId: number,
  capacity: number | null,
): Promise<PlaceBound | null> {
  if (capacity === null) return Promise.resolve(null);
  let cache = bounds.get(db);
  if (!cache) bounds.set(db, (cache = new TtlCache(60_000, Date.now, 500)));
  return cache.get(`${seatplanId}:${capacity}`, async () => {
    const row = await onlinePlaces(db, seatplanId)
      .select(['s.section_id', 's.y', 's.x'])
      .orderBy('s.section_id')
      .orderBy('s.y')
      .orderBy('s.x')
      .offset(Math.max(0, capacity - 1))
      .limit(1)
      .executeTakeFirst();
    const count = row ? await onlinePlaces(db, seatplanId).select(countAll).executeTakeFirst() : undefined;
    // The capacity-th place is the plan's last: every place sells.
    if (!row || Number(count?.n ?? 0) <= capacity) return null;
    return { sectionId: row.section_id, y: row.y, x: row.x };
  });
}

const countAll = sql<number>`count(*)`.as('n');

/** The condition that the place `alias`.(section_id, y, x) lies at or before the bound in plan order. */
export function withinBound(alias: string, b: PlaceBound) {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<SqlBool>`(${col('section_id')} < ${b.sectionId} or (${col('section_id')} = ${b.sectionId} and (${col('y')} < ${b.y} or (${col('y')} = ${b.y} and ${col('x')} <= ${b.x}))))`;
}

/** Of a plan's online places (any order), those a capacity sells: the first `capacity` in plan order. */
export function firstPlaces<T extends { section_id: number; y: number; x: number }>(
  places: readonly T[],
  capacity: number | null,
): readonly T[] {
  if (capacity === null || capacity >= places.length) return places;
  return [...places].sort((a, b) => a.section_id - b.section_id || a.y - b.y || a.x - b.x).slice(0, capacity);
}

/** Online places per seat plan (what a capacity of null sells). */
export async function onlinePlaceCounts(
  db: Db,
  seatplanIds: readonly number[],
): Promise<Map<number, number>> {
  if (seatplanIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('plan_seats as s')
    .innerJoin('allocations as a', 'a.id', 's.allocation_id')
    .select(['s.seatplan_id', countAll])
    .where('s.seatplan_id', 'in', [...new Set(seatplanIds)])
    .where('a.is_online', '=', 1)
    .groupBy('s.seatplan_id')
    .execute();
  return new Map(rows.map((r) => [r.seatplan_id, Number(r.n)]));
}

/**
 * The least capacity that keeps every online place sold or held (live) for the presentation inside the
 * prefix: the position in plan order of the last such place; 0 when none is taken.
 */
export async function leastCapacity(
  db: Db,
  presentationId: number,
  seatplanId: number,
  now: number,
): Promise<number> {
  const last = await onlinePlaces(db, seatplanId)
    .innerJoin('seat_holds as h', (j) =>
      j.onRef('h.section_id', '=', 's.section_id').onRef('h.x', '=', 's.x').onRef('h.y', '=', 's.y'),
    )
    .select(['s.section_id', 's.y', 's.x'])
    .where('h.presentation_id', '=', presentationId)
    .where((eb) => eb.or([eb('h.state', '=', 'sold'), eb('h.expires_at', '>', now)]))
    .orderBy('s.section_id', 'desc')
    .orderBy('s.y', 'desc')
    .orderBy('s.x', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return 0;
  const row = await onlinePlaces(db, seatplanId)
    .select(countAll)
    .where(withinBound('s', { sectionId: last.section_id, y: last.y, x: last.x }))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
