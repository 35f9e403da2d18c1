import type { Kysely } from 'kysely';
import { VOD_VENUE_TYPES } from '../../../src/api/contract/common.ts';
import type { Availability } from '../../../src/api/contract/presentations.ts';
import type { Database } from '../../db/types.ts';
import { TtlCache } from '../../ttlCache.ts';

/** At most this many seats left (or this share of the online seats, whichever is more) is "few". */
const FEW_SEATS = 10;
const FEW_SHARE = 0.1;

/** The board's mark for `left` seats of `capacity` online seats. */
export function availabilityOf(capacity: number, left: number): Availability {
  if (capacity <= 0) return 'available';
  if (left <= 0) return 'soldOut';
  return left <= Math.max(FEW_SEATS, Math.ceil(capacity * FEW_SHARE)) ? 'few' : 'available';
}

/**
 * Online seats per seat plan change only with the catalogue: one grouped query over every plan (a
 * venue has a handful), kept 10 seconds per database handle.
 */
const planCapacities = new WeakMap<object, TtlCache<'plans', Map<number, number>>>();

function onlineSeats(db: Kysely<Database>): Promise<Map<number, number>> {
  let cache = planCapacities.get(db);
  if (!cache) planCapacities.set(db, (cache = new TtlCache(10_000, Date.now, 1)));
  return cache.get('plans', async () => {
    const rows = await db
      .selectFrom('plan_seats as s')
      .innerJoin('allocations as a', 'a.id', 's.allocation_id')
      .select(['s.seatplan_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('a.is_online', '=', 1)
      .groupBy('s.seatplan_id')
      .execute();
    return new Map(rows.map((r) => [r.seatplan_id, Number(r.n)]));
  });
}

export interface AvailabilityRow {
  id: number;
  seatplan_id: number;
  venue_type_id: number;
  /** General admission's capacity (migration 022): no more than this many places sell; null: the plan's. */
  capacity?: number | null;
  is_reserved?: number;
}

export interface SeatsLeft {
  seatsLeft: number | null;
  availability: Availability;
}

/**
 * Seats left per presentation: the online seats of its plan (no more than a general-admission
 * presentation's capacity, whose places lie inside the plan's) less the seats sold or held live
 * (`seat_holds`, general admission too), in one grouped query for all of `rows`. Video on demand has
 * no seats (null, always available). Callers cache the answer (the board's TtlCache): a hot read never
 * asks per presentation.
 */
export async function seatsLeft(
  db: Kysely<Database>,
  rows: readonly AvailabilityRow[],
  now: number,
): Promise<Map<number, SeatsLeft>> {
  const seated = rows.filter((r) => !VOD_VENUE_TYPES.has(r.venue_type_id));
  const out = new Map<number, SeatsLeft>();
  for (const r of rows) out.set(r.id, { seatsLeft: null, availability: 'available' });
  if (seated.length === 0) return out;
  const ids = seated.map((r) => r.id);
  const [capacity, taken] = await Promise.all([
    onlineSeats(db),
    db
      .selectFrom('seat_holds')
      .select(['presentation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('presentation_id', 'in', ids)
      .where((eb) => eb.or([eb('state', '=', 'sold'), eb('expires_at', '>', now)]))
      .groupBy('presentation_id')
      .execute()
      .then((res) => new Map(res.map((r) => [r.presentation_id, Number(r.n)]))),
  ]);
  for (const r of seated) {
    const onPlan = capacity.get(r.seatplan_id) ?? 0;
    const limit = r.is_reserved === 0 ? (r.capacity ?? null) : null;
    const cap = limit === null ? onPlan : Math.min(onPlan, limit);
    if (cap === 0) continue; // a plan with no online seats sells none online: no mark
    const left = Math.max(0, cap - (taken.get(r.id) ?? 0));
    out.set(r.id, { seatsLeft: left, availability: availabilityOf(cap, left) });
  }
  return out;
}
