import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallOffProgress } from '../../../../src/api/contract/programmeAdmin.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { cancelAndRefund } from '../../checkout/cancelOrder.ts';
import { sendRefunds } from '../../checkout/payments/refunds.ts';
import { queueOrderMessages } from '../../messages/queue.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { runPeriodically } from '../../periodic.ts';
import { changeCatalogue } from '../generation.ts';

type Db = Kysely<Database>;

/**
 * A process works on a call-off this long (wall time) before another may take it over; it renews the
 * claim with every order it cancels, so only a process that stopped loses it.
 */
export const CALL_OFF_CLAIM_MS = 10_000;

export interface CallOffDeps {
  db: Db;
  provider: PaymentProvider;
  now: () => number;
  log?: FastifyBaseLogger | undefined;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * Calls a presentation off (managers): in one transaction its sales stop (the sale window closes now and
 * it leaves the board; lock, ticket groups and commit refuse it) and the job that cancels and refunds its
 * orders is written. The job itself runs after (`runCallOffs`), on this process at once and on any
 * process's next round after a crash. Refused once the show has begun, and when it is already called off.
 */
export async function requestCallOff(db: Db, actor: Actor, id: number, now: number): Promise<void> {
  await changeCatalogue(db, async (trx) => {
    const p = await trx
      .selectFrom('presentations')
      .select(['id', 'starts_at', 'sale_end', 'called_off_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw new AppError('event_not_found', `presentation ${id} does not exist`);
    if (p.called_off_at !== null)
      throw new AppError('presentation_called_off', `presentation ${id} is already called off`, {
        calledOffAt: iso(p.called_off_at)!,
      });
    if (Number(p.starts_at) <= now)
      throw new AppError('presentation_started', `presentation ${id} has begun`, {
        startsAt: iso(p.starts_at)!,
      });
    await trx
      .updateTable('presentations')
      .set({ called_off_at: now, sale_end: Math.min(Number(p.sale_end), now) })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('presentation_calloffs')
      .values({ presentation_id: id, requested_at: now, requested_by: actor.name, finished_at: null })
      .execute();
    await audit(
      trx,
      actor,
      {
        action: 'presentation.call_off',
        objectType: 'presentation',
        objectId: id,
        before: { saleEnd: iso(p.sale_end) },
        after: { calledOffAt: iso(now), saleEnd: iso(Math.min(Number(p.sale_end), now)) },
      },
      now,
    );
  });
}

/** The orders of a presentation that still hold its tickets: paid, held, or with a payment under way. */
function liveOrders(db: Db, presentationId: number, states: ('paid' | 'held' | 'pending')[]) {
  return db
    .selectFrom('orders as o')
    .select(['o.reservation_identifier', 'o.state'])
    .distinct()
    .where('o.state', 'in', states)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_tickets as t')
          .select('t.ticket_identifier')
          .whereRef('t.reservation_identifier', '=', 'o.reservation_identifier')
          .where('t.presentation_id', '=', presentationId)
          .where('t.state', 'in', ['valid', 'pending']),
      ),
    );
}

/** How far calling a presentation off has got (staff watch it); event_not_found when it was never asked. */
export async function callOffProgress(db: Db, presentationId: number): Promise<CallOffProgress> {
  const job = await db
    .selectFrom('presentation_calloffs')
    .selectAll()
    .where('presentation_id', '=', presentationId)
    .executeTakeFirst();
  if (!job) throw new AppError('event_not_found', `presentation ${presentationId} is not called off`);
  const left = await liveOrders(db, presentationId, ['paid', 'held', 'pending']).execute();
  return {
    presentationId,
    requestedAt: iso(job.requested_at)!,
    requestedBy: job.requested_by,
    ordersDone: job.orders_done,
    ordersLeft: left.length,
    refunded: Number(job.refunded),
    owedAtCounter: Number(job.owed_at_counter),
    finishedAt: iso(job.finished_at),
  };
}

/**
 * Works on every call-off that is not finished and that no other process holds: each order in a
 * transaction of its own is cancelled and refunded in full to each of its payments (gift cards and
 * vouchers back to their balance), its customer's e-mail and SMS queued, and the job's counts moved on;
 * the refunds go to the acquirer after that transaction (the reconciler sends any a crash left unsent).
 * An order is taken only while it is still paid or held, so a crash midway never refunds anyone twice.
 * Orders whose payment is under way are waited for: they settle (and are then cancelled) or fail.
 */
export async function runCallOffs(deps: CallOffDeps): Promise<number> {
  const open = await deps.db
    .selectFrom('presentation_calloffs')
    .select(['presentation_id', 'claimed_until'])
    .where('finished_at', 'is', null)
    .where('claimed_until', '<', Date.now())
    .orderBy('requested_at')
    .execute();
  let cancelled = 0;
  for (const job of open) {
    if (!(await claim(deps, job.presentation_id, Number(job.claimed_until)))) continue;
    cancelled += await runOne(deps, job.presentation_id);
  }
  return cancelled;
}

async function claim(deps: CallOffDeps, presentationId: number, seen: number): Promise<boolean> {
  const res = await deps.db
    .updateTable('presentation_calloffs')
    .set({ claimed_until: Date.now() + CALL_OFF_CLAIM_MS })
    .where('presentation_id', '=', presentationId)
    .where('claimed_until', '=', seen)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

async function runOne(deps: CallOffDeps, presentationId: number): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const batch = await liveOrders(deps.db, presentationId, ['paid', 'held'])
      .orderBy('o.reservation_identifier')
      .limit(50)
      .execute();
    for (const { reservation_identifier: rid } of batch) {
      const refunds = await cancelOne(deps, presentationId, rid);
      if (refunds) {
        cancelled++;
        await sendRefunds(deps.db, deps.provider, refunds, deps.now, deps.log);
      }
    }
    if (batch.length > 0) continue;
    const waiting = await liveOrders(deps.db, presentationId, ['pending']).execute();
    await deps.db
      .updateTable('presentation_calloffs')
      .set(waiting.length === 0 ? { finished_at: deps.now() } : { claimed_until: 0 })
      .where('presentation_id', '=', presentationId)
      .execute();
    return cancelled;
  }
}

/** One order of a called-off presentation, cancelled and refunded in full; null when it was no longer live. */
async function cancelOne(deps: CallOffDeps, presentationId: number, rid: string): Promise<string[] | null> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const order = await trx
      .selectFrom('orders')
      .select(['state'])
      .where('reservation_identifier', '=', rid)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (order.state !== 'paid' && order.state !== 'held') return null;
    const payments = await trx
      .selectFrom('order_payments')
      .select(['amount', 'refunded_amount'])
      .where('reservation_identifier', '=', rid)
      .where('status', '=', 'approved')
      .execute();
    const paid = order.state === 'held' ? 0 : payments.reduce((s, p) => s + p.amount - p.refunded_amount, 0);
    const { refunds, left } = await cancelAndRefund(trx, rid, paid, now, {
      cancel_fee: 0,
      refund_amount: paid,
    });
    await queueOrderMessages(trx, rid, 'called_off', now, { presentationId });
    await trx
      .updateTable('presentation_calloffs')
      .set((eb) => ({
        orders_done: eb('orders_done', '+', 1),
        refunded: eb('refunded', '+', paid - left),
        owed_at_counter: eb('owed_at_counter', '+', left),
        claimed_until: Date.now() + CALL_OFF_CLAIM_MS,
      }))
      .where('presentation_id', '=', presentationId)
      .execute();
    return refunds;
  });
}

/** Runs the call-offs now and every `intervalMs` on this process; the timer never keeps it alive. */
export function startCallOffs(deps: CallOffDeps, intervalMs: number): { stop(): void } {
  return runPeriodically(
    'calling presentations off',
    intervalMs,
    async () => {
      const n = await runCallOffs(deps);
      if (n > 0) deps.log?.info({ orders: n }, 'orders of called-off presentations cancelled and refunded');
    },
    deps.log,
  );
}
