import type { Transaction, Updateable } from 'kysely';
import type { PresentationUpdate } from '../../../../src/api/contract/programmeAdmin.ts';
import type { SaleLocks } from '../../../db/repositories/saleLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { leastCapacity, onlinePlaceCounts } from '../../seating/capacity.ts';
import { assertVersionFits } from '../plans/move.ts';
import { planJsonOf, versionRow } from '../plans/versions.ts';

type Trx = Transaction<Database>;

/** The presentation as the change reads it. */
export interface SeatingRow {
  id: number;
  seatplan_id: number;
  is_reserved: number;
  capacity: number | null;
}

/** What the change writes and what the audit records of it (presentationEdit.ts). */
export interface SeatingChange {
  set: Updateable<Database['presentations']>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The seating part of a change of a show on sale, in the change's transaction: another published version
 * of its hall's plan (`seatplanId`), and a general-admission capacity (`capacity`). A move keeps every
 * seat sold or held unchanged (seatplan_seats_in_use) and every price level the show sells
 * (price_level_not_in_plan), with the show's purchases held meanwhile as a move of its own does
 * (plans/move.ts). A capacity is refused for numbered seats (capacity_not_general_admission), above the
 * plan's online places (capacity_above_plan) and below the last place sold or held in plan order
 * (capacity_below_sold, with the least capacity allowed); a move re-checks a capacity already set.
 *
 * Hazard: a place held between the capacity check and the commit (on PostgreSQL, where holds do not wait
 * for this transaction) may lie beyond a lowered capacity; it is sold as held, and no later buyer gets
 * a place beyond the capacity.
 */
export async function changeSeating(
  trx: Trx,
  saleLocks: SaleLocks,
  p: SeatingRow,
  change: Pick<PresentationUpdate, 'capacity' | 'seatplanId'>,
  now: number,
  out: SeatingChange,
): Promise<void> {
  const moved = change.seatplanId !== undefined && change.seatplanId !== p.seatplan_id;
  const seatplanId = moved ? change.seatplanId! : p.seatplan_id;
  if (moved) await moveVersion(trx, saleLocks, p, seatplanId, now, out);
  if (change.capacity !== undefined && change.capacity !== null && p.is_reserved === 1)
    throw new AppError(
      'capacity_not_general_admission',
      `presentation ${p.id} has numbered seats: every seat of its plan sells`,
    );
  const capacity = change.capacity === undefined ? p.capacity : change.capacity;
  const changed = change.capacity !== undefined && change.capacity !== p.capacity;
  if (capacity !== null && p.is_reserved === 0 && (changed || moved)) {
    const planCapacity = (await onlinePlaceCounts(trx, [seatplanId])).get(seatplanId) ?? 0;
    if (capacity > planCapacity)
      throw new AppError(
        'capacity_above_plan',
        `the seat plan has ${planCapacity} online places, fewer than ${capacity}`,
        { planCapacity },
      );
    const least = await leastCapacity(trx, p.id, seatplanId, now);
    if (capacity < least)
      throw new AppError(
        'capacity_below_sold',
        `a place sold or held lies beyond the first ${capacity}: the capacity must be at least ${least}`,
        { leastCapacity: least },
      );
  }
  if (changed) {
    out.set.capacity = capacity;
    out.before.capacity = p.capacity;
    out.after.capacity = capacity;
  }
}

async function moveVersion(
  trx: Trx,
  saleLocks: SaleLocks,
  p: SeatingRow,
  seatplanId: number,
  now: number,
  out: SeatingChange,
): Promise<void> {
  // Purchases of the show wait until the change commits, so none is sold on the old version after the check.
  await saleLocks.holdSales(trx, p.id);
  const [current, target] = await Promise.all([versionRow(trx, p.seatplan_id), versionRow(trx, seatplanId)]);
  const kept = await assertVersionFits(trx, p.id, current, target, await planJsonOf(trx, seatplanId), now);
  const [levels, inPlan] = await Promise.all([
    trx
      .selectFrom('presentation_ticket_groups')
      .select('ticket_group_id')
      .where('presentation_id', '=', p.id)
      .orderBy('ticket_group_id')
      .execute(),
    trx
      .selectFrom('plan_seats')
      .select('ticket_group_id')
      .distinct()
      .where('seatplan_id', '=', seatplanId)
      .execute(),
  ]);
  const missing = levels.find((l) => !inPlan.some((s) => s.ticket_group_id === l.ticket_group_id));
  if (missing)
    throw new AppError(
      'price_level_not_in_plan',
      `version ${target.version} has no seat at price level ${missing.ticket_group_id}`,
      { priceLevelId: missing.ticket_group_id },
    );
  out.set.seatplan_id = seatplanId;
  out.before.seatplanId = p.seatplan_id;
  out.before.planVersion = current.version;
  out.after.seatplanId = seatplanId;
  out.after.planVersion = target.version;
  out.after.seatsKept = kept.length;
}
