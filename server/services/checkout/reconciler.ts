import { AppError } from '../../errors.ts';
import type { CheckoutDeps } from './deps.ts';
import { sendRefunds } from './payments/refunds.ts';
import { advanceOrder, PaymentNeverReached, refundFailedOrder } from './settle.ts';
import { runPeriodically } from '../periodic.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';

/**
 * A payment the provider has no record of this long after its order was placed never reached it: longer
 * than any provider call waits (PayPal 20 s; Stripe 20 s and one retry).
 */
const NEVER_REACHED_MS = 60_000;

export interface ReconcileReport {
  confirmed: number;
  failed: number;
  waiting: number;
  refunded: number;
}

/**
 * Settles what a crash (or a customer who never came back) left behind, on any process, any number of
 * times: pending orders are confirmed when the provider approved, failed when it declined, when the payment
 * window closed (the provider is told), or when the provider has no record of the payment after the
 * grace (a process died before calling it); approvals of failed orders are refunded; refunds written by a
 * cancellation but not yet sent are sent. Every step is guarded by the order's state and idempotent at
 * the provider, so reconcilers of several processes may run at once.
 */
export async function reconcile(deps: CheckoutDeps, graceMs = 10_000): Promise<ReconcileReport> {
  const report: ReconcileReport = { confirmed: 0, failed: 0, waiting: 0, refunded: 0 };
  const now = deps.clock.now();
  const pending = await deps.db
    .selectFrom('orders')
    .select('reservation_identifier')
    .where('state', '=', 'pending')
    .where('created_at', '<', now - graceMs)
    .orderBy('created_at')
    .limit(200)
    .execute();
  // The same path as a status poll: the provider is asked, and the order settles (or stays waiting).
  for (const { reservation_identifier: rid } of pending) {
    try {
      const answer = await advanceOrder(deps, rid, undefined, now - Math.max(graceMs, NEVER_REACHED_MS));
      if (answer.status === 'action_required') report.waiting++;
      else report.confirmed++;
    } catch (err) {
      if (err instanceof PaymentNeverReached) report.failed++;
      // Still in flight at the provider, or the provider did not answer: try again next time.
      else if (err instanceof AppError && (err.code === 'paymentError' || err.code === 'errorNoResponse'))
        report.waiting++;
      else if (err instanceof AppError) report.failed++;
      else if (isDatabaseUnavailable(err))
        deps.log?.warn({ err, reservationIdentifier: rid }, 'reconciling an order waits for the database');
      else deps.log?.error({ err, reservationIdentifier: rid }, 'reconciling an order failed');
    }
  }

  const charged = await deps.db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.reservation_identifier', 'p.reservation_identifier')
    .select('p.reservation_identifier')
    .distinct()
    .where('o.state', '=', 'failed')
    .where('p.status', '=', 'approved')
    .where('p.method', '!=', 'voucher')
    .limit(200)
    .execute();
  for (const { reservation_identifier: rid } of charged) {
    try {
      await refundFailedOrder(deps, rid);
      report.refunded++;
    } catch (err) {
      deps.log?.warn({ err, reservationIdentifier: rid }, 'refund of a failed order will be retried');
    }
  }

  const unsent = await deps.db
    .selectFrom('refunds')
    .select('id')
    .where('done_at', 'is', null)
    .limit(200)
    .execute();
  report.refunded += await sendRefunds(
    deps.db,
    deps.provider,
    unsent.map((r) => r.id),
    () => deps.clock.now(),
    deps.log,
  );
  return report;
}

/** Runs the reconciler now and every `intervalMs`; the timer never keeps the process alive. */
export function startReconciler(deps: CheckoutDeps, intervalMs: number, graceMs: number): { stop(): void } {
  return runPeriodically(
    'the reconciler',
    intervalMs,
    async () => {
      const r = await reconcile(deps, graceMs);
      if (r.confirmed || r.failed || r.refunded) deps.log?.info(r, 'reconciled payments');
    },
    deps.log,
  );
}
