import type { Kysely } from 'kysely';
import { buildNeighbours, type Neighbours } from '../../../../workers/seatplan/adjacency.ts';
import { FLAG, type PlanData, SEAT_STATE, seatKeyOf } from '../../../../workers/seatplan/model.ts';
import { parsePlan } from '../../../../workers/seatplan/parse.ts';
import { validateSelection } from '../../../../workers/seatplan/rules.ts';
import { type SeatKey, seatKey } from '../../../../src/domain/seatKey.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import type { Trx } from './types.ts';

/**
 * The seat rules the shop's worker checks, checked again by the box office on every purchase with the
 * same pure functions (`workers/seatplan`), on the plan it serves: a sofa is sold whole, a companion seat
 * only with a wheelchair space in the same order, and under seating policy 3 no purchase may leave a
 * lone free seat (the worker's definition: a free seat whose neighbours in the row are all taken).
 */

interface IndexedPlan {
  data: PlanData;
  neighbours: Neighbours;
  indexOf: Map<SeatKey, number>;
}

// Plans never change once stored; parsing a 20,000-seat plan takes milliseconds, so keep a few. The
// promise is kept, so commits arriving together parse a plan once.
const plans = new Map<number, Promise<IndexedPlan | null>>();

export function indexedPlan(db: Kysely<Database> | Trx, seatplanId: number): Promise<IndexedPlan | null> {
  let hit = plans.get(seatplanId);
  if (!hit) {
    hit = loadPlan(db, seatplanId);
    if (plans.size >= 16) plans.delete(plans.keys().next().value!);
    plans.set(seatplanId, hit);
    // A plan that could not be read is not remembered: the next purchase reads it again.
    hit.then(
      (plan) => plan ?? plans.delete(seatplanId),
      () => plans.delete(seatplanId),
    );
  }
  return hit;
}

async function loadPlan(db: Kysely<Database> | Trx, seatplanId: number): Promise<IndexedPlan | null> {
  const row = await db
    .selectFrom('seatplans')
    .select('plan_json')
    .where('id', '=', seatplanId)
    .executeTakeFirst();
  if (!row) return null;
  const { data } = parsePlan(JSON.parse(row.plan_json));
  if (!data) return null;
  const indexOf = new Map<SeatKey, number>();
  for (let i = 0; i < data.count; i++) indexOf.set(seatKeyOf(data, i), i);
  return { data, neighbours: buildNeighbours(data), indexOf };
}

/** Whether any of these seats (keys `section_x_y`) is a premium seat of the plan. */
export async function hasPremiumSeat(
  trx: Trx,
  seatplanId: number,
  keys: readonly SeatKey[],
): Promise<boolean> {
  const plan = await indexedPlan(trx, seatplanId);
  if (!plan) return false;
  return keys.some((k) => {
    const i = plan.indexOf.get(k);
    return i !== undefined && (plan.data.flags[i]! & FLAG.premium) !== 0;
  });
}

/**
 * Refuses a purchase of `keys` that breaks a seat rule. The plan's state is the status map's: a seat is
 * free when its allocation is sold online and nobody else holds or bought it; the visitor's other held
 * seats count as free (they are released when this order completes). Answers the price level of each
 * seat it read, the chosen ones among them (null: the plan could not be read, and no rule was checked).
 */
export async function enforceSeatRules(
  trx: Trx,
  p: { id: number; seatplan_id: number; seating_policy_id: number },
  keys: readonly SeatKey[],
  visitor: string,
  now: number,
): Promise<Map<SeatKey, number> | null> {
  const plan = await indexedPlan(trx, p.seatplan_id);
  if (!plan) return null;
  const { data } = plan;
  const { left, right } = plan.neighbours;
  // The rules look at the chosen seats, their sofas, and two seats either side in the row (a seat beside
  // a chosen one is lone when its other neighbour is not free): only those seats' states are read, so
  // a purchase reads a few rows of holds, not every sale of the presentation. The rest stay taken,
  // which no rule reads.
  const chosen = keys.map((k) => plan.indexOf.get(k)).filter((i): i is number => i !== undefined);
  const near = new Set<number>();
  for (const c of chosen) {
    near.add(c);
    for (const side of [left, right]) {
      let j = c;
      for (let step = 0; step < 2 && j >= 0; step++) {
        j = side[j]!;
        if (j >= 0) near.add(j);
      }
    }
  }
  const state = new Uint8Array(data.count);
  const coords = [...near].map((i) => ({
    section: data.sections[data.section[i]!]!.id,
    x: data.px[i]!,
    y: data.py[i]!,
  }));
  // One statement (issue 40: these were two, and the chosen seats' price levels a third): each seat's
  // allocation, whether it sells online, and its live hold or sale if any.
  const rows = coords.length
    ? await trx
        .selectFrom('plan_seats as s')
        .innerJoin('allocations as a', 'a.id', 's.allocation_id')
        .leftJoin('seat_holds as h', (j) =>
          j
            .on('h.presentation_id', '=', p.id)
            .onRef('h.section_id', '=', 's.section_id')
            .onRef('h.x', '=', 's.x')
            .onRef('h.y', '=', 's.y')
            .on((eb) => eb.or([eb('h.state', '=', 'sold'), eb('h.expires_at', '>', now)])),
        )
        .select(['s.section_id', 's.x', 's.y', 's.ticket_group_id', 'a.is_online'])
        .select(['h.visitor', 'h.state', 'h.claimed_by'])
        .where('s.seatplan_id', '=', p.seatplan_id)
        .where((eb) =>
          eb.or(
            coords.map((c) =>
              eb.and([eb('s.section_id', '=', c.section), eb('s.x', '=', c.x), eb('s.y', '=', c.y)]),
            ),
          ),
        )
        .execute()
    : [];
  const groups = new Map<SeatKey, number>();
  for (const r of rows) {
    const key = seatKey(r.section_id, r.x, r.y);
    groups.set(key, r.ticket_group_id);
    const i = plan.indexOf.get(key);
    if (i === undefined) continue;
    if (r.is_online === 1) state[i] = SEAT_STATE.available;
    const mine = r.visitor === visitor && r.state === 'held' && r.claimed_by === null;
    if (r.state !== null && !mine) state[i] = SEAT_STATE.taken;
  }
  for (const k of keys) {
    const i = plan.indexOf.get(k);
    if (i !== undefined) state[i] = SEAT_STATE.selected;
  }
  const result = validateSelection({
    data,
    neighbours: plan.neighbours,
    state,
    maxSeats: Number.MAX_SAFE_INTEGER,
    seatingPolicyId: p.seating_policy_id,
  });
  if (result.ok) return groups;
  switch (result.code) {
    case 'single_seat_error':
      throw new AppError('single_seat_error', 'the purchase would leave a single free seat', result.params);
    case 'sofa_together_error':
      throw new AppError('sofa_together_error', 'all seats of a sofa are sold together');
    case 'companion_requires_accessible':
      throw new AppError(
        'companion_requires_accessible',
        'a companion seat is sold only with a wheelchair space',
      );
    case 'max_seats_error':
      throw new AppError('max_seats_error', 'too many seats', result.params);
    default:
      throw new AppError('lock_seat_error', 'the seat is no longer available');
  }
}
