import { SINGLE_SEAT_POLICY } from '../../../../workers/seatplan/rules.ts';
import type { Trx } from './types.ts';

/**
 * Purchases of one presentation run one at a time (its row locked until the transaction ends) only where
 * two of them could together break a rule that each keeps alone: a ticket quota (counted, then sold) and,
 * under the single-seat policy, a lone seat left between two purchases. Other purchases of an on-sale's
 * presentation go side by side: each seat is guarded by its own hold row.
 */
export async function serialiseWhereNeeded(
  trx: Trx,
  presentations: readonly { id: number; seating_policy_id: number }[],
  seats: readonly { pi: number; ticketId: number }[],
  tickets: ReadonlyMap<number, { quota: number | null }>,
): Promise<void> {
  const quotaTickets = new Set([...tickets].filter(([, t]) => t.quota !== null).map(([id]) => id));
  const ids = presentations
    .filter(
      (p) =>
        p.seating_policy_id === SINGLE_SEAT_POLICY ||
        seats.some((s) => s.pi === p.id && quotaTickets.has(s.ticketId)),
    )
    .map((p) => p.id);
  if (ids.length)
    await trx
      .selectFrom('presentations')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
}
