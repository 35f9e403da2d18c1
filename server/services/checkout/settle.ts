import type { Selectable } from 'kysely';
import type { CheckoutAnswer, CheckoutCompleted } from '../../../src/api/contract/checkout.ts';
import type { PaypalInfo } from '../../../src/api/contract/order.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type ProviderOutcome, PaymentUnavailableError } from '../payments/provider.ts';
import { actionAnswer, completedAnswer } from './answer.ts';
import { declineError, failureFromJson, failureJson } from './declines.ts';
import type { CheckoutDeps } from './deps.ts';
import { opaqueId } from './ids.ts';
import { lineKinds } from './lines/index.ts';
import { CannotFulfil, type LineKind, type OrderRef, type Trx } from './lines/types.ts';
import { found, hasRows, type OrderRows } from '../orders/contents.ts';
import { writeRefund } from './payments/refunds.ts';
import { queueOrderMessages } from '../messages/queue.ts';
import { debitVouchers } from './payments/vouchers.ts';

/**
 * What happens after the order's first transaction: the provider's answer settles the order in a second
 * short transaction. Approved → confirmed (seats sold, lines fulfilled, vouchers debited, the card saved);
 * declined → failed (the claim let go, the seats still held for the customer); an action → recorded,
 * waiting. Every step checks the order's state under a row lock, so a repeated request, a status poll and
 * the reconciler of another process can all race and the order still settles once. An approval that
 * comes too late, or that can no longer be fulfilled, is refunded: never money taken without an order.
 */

type OrderRow = Selectable<Database['orders']>;
type PaymentRow = Selectable<Database['order_payments']>;
type Approved = Extract<ProviderOutcome, { status: 'approved' }>;

export async function loadOrder(db: CheckoutDeps['db'] | Trx, rid: string, lock = false): Promise<OrderRow> {
  let q = db.selectFrom('orders').selectAll().where('reservation_identifier', '=', rid);
  if (lock) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (!order) throw new AppError('order_not_found', 'no such order');
  return order;
}

export function refOf(order: OrderRow): OrderRef {
  return {
    reservationIdentifier: order.reservation_identifier,
    visitor: order.visitor,
    isHold: order.is_hold === 1,
    holdDeadline: order.hold_deadline,
  };
}

/** The order's payment through the provider (not a voucher, nor money taken at the counter), if it has one. */
export async function providerPayment(
  db: CheckoutDeps['db'] | Trx,
  rid: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('order_payments')
    .selectAll()
    .where('reservation_identifier', '=', rid)
    .where('method', 'not in', ['voucher', 'cash', 'card_present'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

async function recordApproval(trx: Trx, paymentId: string, outcome: Approved, now: number): Promise<void> {
  await trx
    .updateTable('order_payments')
    .set({
      status: 'approved',
      provider_ref: outcome.providerRef,
      approval_code: outcome.approvalCode,
      brand: outcome.brand,
      last4: outcome.last4,
      action_json: null,
      updated_at: now,
    })
    .where('id', '=', paymentId)
    .where('status', 'in', ['pending', 'action_needed', 'failed'])
    .execute();
}

const VOUCHER_PAYMENTS: OrderRows = { table: 'order_payments', where: { method: 'voucher' } };
const COUNTER_PAYMENTS: OrderRows = { table: 'order_payments', where: { method: ['cash', 'card_present'] } };

/**
 * The order to confirm, locked, in one statement with what the confirmation needs to know of it (issue
 * 40): which line kinds and payments it has rows of (contents.ts: the others are not asked), and the
 * customer's address and mobile number for the confirmation's messages.
 */
async function orderToConfirm(trx: Trx, rid: string) {
  const probes = [
    ...lineKinds.flatMap((k) => [...(k.rows ?? []), ...(k.probes ?? [])]),
    VOUCHER_PAYMENTS,
    COUNTER_PAYMENTS,
  ];
  const row = (await trx
    .selectFrom('orders as o')
    .selectAll('o')
    .select((eb) => [
      eb.selectFrom('customers as c').select('c.email').whereRef('c.id', '=', 'o.customer_id').as('c_email'),
      eb
        .selectFrom('customers as c')
        .select('c.mobile_key')
        .whereRef('c.id', '=', 'o.customer_id')
        .as('c_mobile_key'),
      ...probes.map((r, i) => hasRows(r, 'o.reservation_identifier').as(`has_${i}`)),
    ])
    .where('o.reservation_identifier', '=', rid)
    .forUpdate()
    .executeTakeFirst()) as (OrderRow & Record<string, unknown>) | undefined;
  if (!row) throw new AppError('order_not_found', 'no such order');
  // Rows nobody asked about are assumed there: their step reads them to find out.
  const has = (r: OrderRows) => {
    const i = probes.indexOf(r);
    return i < 0 || found(row[`has_${i}`]);
  };
  return {
    order: row as OrderRow,
    has,
    runs: (kind: LineKind<unknown>) => kind.rows === undefined || kind.rows.some(has),
    voucherPayments: has(VOUCHER_PAYMENTS),
    counterPayments: has(COUNTER_PAYMENTS),
    customer: {
      email: (row.c_email as string | null | undefined) ?? null,
      mobile_key: (row.c_mobile_key as string | null | undefined) ?? null,
    },
  };
}

/** Confirms a pending order (the provider approved, or nothing was left to pay). */
export async function confirmOrder(
  deps: CheckoutDeps,
  rid: string,
  approval: { paymentId: string; outcome: Approved } | null,
): Promise<CheckoutCompleted> {
  const now = deps.clock.now();
  let verdict: 'done' | 'too_late' | 'cannot';
  try {
    verdict = await deps.db.transaction().execute(async (trx) => {
      const { order, has, runs, voucherPayments, counterPayments, customer } = await orderToConfirm(trx, rid);
      if (approval) await recordApproval(trx, approval.paymentId, approval.outcome, now);
      if (order.state === 'paid' || order.state === 'held') return 'done';
      if (order.state !== 'pending') return 'too_late';
      const ref = { ...refOf(order), has };
      for (const kind of lineKinds) if (runs(kind)) await kind.fulfil(trx, now, ref);
      if (voucherPayments) await debitVouchers(trx, rid, now);
      // What a clerk took at the counter is in the drawer already: it pays now.
      if (counterPayments)
        await trx
          .updateTable('order_payments')
          .set({ status: 'approved', updated_at: now })
          .where('reservation_identifier', '=', rid)
          .where('method', 'in', ['cash', 'card_present'])
          .where('status', '=', 'pending')
          .execute();
      const token = approval?.outcome.token;
      if (token && order.account_id) {
        const payment = await trx
          .selectFrom('order_payments')
          .select('save_card')
          .where('id', '=', approval.paymentId)
          .executeTakeFirst();
        if (payment?.save_card === 1)
          await trx
            .insertInto('saved_cards')
            .values({
              id: opaqueId('card'),
              customer_id: order.account_id,
              provider: deps.provider.name,
              token: token.token,
              brand: token.brand,
              last4: token.last4,
              expiry: token.expiry,
              created_at: now,
            })
            .execute();
      }
      await trx
        .updateTable('orders')
        .set({ state: 'paid', confirmed_at: now, payment_deadline: null })
        .where('reservation_identifier', '=', rid)
        .execute();
      // The confirmation e-mail and SMS, sent after the transaction (services/messages).
      await queueOrderMessages(trx, rid, 'confirmation', now, { customer });
      await trx
        .updateTable('commit_attempts')
        .set({ status: 'done' })
        .where('reservation_identifier', '=', rid)
        .execute();
      return 'done';
    });
  } catch (err) {
    if (!(err instanceof CannotFulfil)) throw err;
    verdict = 'cannot';
  }
  if (verdict === 'done') return completedAnswer(deps.db, deps.settings, rid, deps.clock.now());
  let error: AppError;
  if (verdict === 'cannot') {
    error = new AppError(
      'lock_seat_error',
      'the seats were lost before the payment was approved; it is refunded',
    );
    await failOrder(deps, rid, error, approval);
  } else error = failureFromJson((await loadOrder(deps.db, rid)).failure_json);
  await refundFailedOrder(deps, rid);
  throw error;
}

/** The payment failed or was given up: the order fails, its claim is let go, the seats stay held. */
export async function failOrder(
  deps: CheckoutDeps,
  rid: string,
  error: AppError,
  approval: { paymentId: string; outcome: Approved } | null = null,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, rid, true);
    if (approval) await recordApproval(trx, approval.paymentId, approval.outcome, now);
    if (order.state !== 'pending') return;
    const ref = refOf(order);
    for (const kind of lineKinds) await kind.release(trx, now, ref);
    await trx
      .updateTable('order_payments')
      .set({ status: 'failed', failure_code: error.code, action_json: null, updated_at: now })
      .where('reservation_identifier', '=', rid)
      .where('status', 'in', ['pending', 'action_needed'])
      .execute();
    await trx
      .updateTable('orders')
      .set({ state: 'failed', failure_json: failureJson(error), payment_deadline: null })
      .where('reservation_identifier', '=', rid)
      .execute();
    await trx
      .updateTable('commit_attempts')
      .set({ status: 'declined' })
      .where('reservation_identifier', '=', rid)
      .execute();
  });
}

/** Gives back what a failed order was charged anyway (an approval that came too late). */
export async function refundFailedOrder(deps: CheckoutDeps, rid: string): Promise<void> {
  const charged = await deps.db
    .selectFrom('order_payments as p')
    .innerJoin('orders as o', 'o.reservation_identifier', 'p.reservation_identifier')
    .selectAll('p')
    .where('p.reservation_identifier', '=', rid)
    .where('o.state', '=', 'failed')
    .where('p.status', '=', 'approved')
    .where('p.method', '!=', 'voucher')
    .execute();
  for (const p of charged) {
    const amount = p.amount - p.refunded_amount;
    if (amount > 0 && p.provider_ref)
      await deps.provider.refund(p.provider_ref, { amount, reference: `void:${p.id}` });
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('order_payments')
        .set({ status: 'refunded', refunded_amount: p.amount, updated_at: now })
        .where('id', '=', p.id)
        .where('status', '=', 'approved')
        .execute();
      if (amount > 0)
        await writeRefund(trx, {
          transactionId: p.provider_ref ?? '',
          paymentId: p.id,
          reservationIdentifier: rid,
          voucherReference: null,
          amount,
          now,
          sent: true,
        });
    });
    deps.log?.warn(
      { reservationIdentifier: rid, amount },
      'an approved payment of a failed order was refunded',
    );
  }
}

/**
 * Settles a pending order with what the provider says now. `paypal`: the wallet's approval as the
 * customer brought it back; the capture is made only if it matches what PayPal itself reports.
 */
export async function settle(
  deps: CheckoutDeps,
  order: Pick<OrderRow, 'reservation_identifier' | 'payment_deadline'>,
  payment: Pick<PaymentRow, 'id' | 'method' | 'status' | 'provider_ref' | 'amount'>,
  outcome: ProviderOutcome | null,
  paypal?: PaypalInfo,
): Promise<CheckoutAnswer> {
  const rid = order.reservation_identifier;
  const now = deps.clock.now();
  const deadline = order.payment_deadline ?? now;
  if (outcome === null) {
    if (now > deadline) {
      const error = new AppError('payment_expired', 'the payment was not completed in time');
      await failOrder(deps, rid, error);
      throw error;
    }
    throw new AppError('paymentError', 'this payment is still being processed');
  }
  switch (outcome.status) {
    case 'approved':
      return confirmOrder(deps, rid, { paymentId: payment.id, outcome });
    case 'declined': {
      const error = declineError(payment.method, outcome.reason, outcome.message);
      await failOrder(deps, rid, error);
      throw error;
    }
    case 'authorized': {
      if (paypal && (paypal.orderId !== outcome.providerRef || paypal.payerId !== outcome.payerId))
        throw new AppError('wallet_error', 'the PayPal approval does not match this payment');
      const captured = await deps.provider.capture(payment.id, {
        payerId: outcome.payerId,
        orderId: outcome.providerRef,
      });
      if (captured.status === 'authorized')
        throw new AppError('wallet_error', 'PayPal did not capture the payment');
      return settle(deps, order, payment, captured);
    }
    case 'action': {
      if (now > deadline) {
        await deps.provider.cancel(payment.id, payment.provider_ref);
        const after = await deps.provider.status(payment.id, payment.provider_ref);
        if (after?.status === 'approved')
          return confirmOrder(deps, rid, { paymentId: payment.id, outcome: after });
        const error = new AppError('payment_expired', 'the payment was not completed in time');
        await failOrder(deps, rid, error);
        throw error;
      }
      if (payment.status !== 'action_needed' || payment.provider_ref !== outcome.providerRef)
        await deps.db
          .updateTable('order_payments')
          .set({
            status: 'action_needed',
            provider_ref: outcome.providerRef,
            action_json: JSON.stringify(outcome.action),
            updated_at: now,
          })
          .where('id', '=', payment.id)
          .where('status', 'in', ['pending', 'action_needed'])
          .execute();
      return actionAnswer(rid, payment, outcome.action, deadline);
    }
  }
}

/** The order failed because its payment never reached the provider (`advanceOrder`'s `unknownBefore`). */
export class PaymentNeverReached extends AppError {
  constructor() {
    super('errorNoResponse', 'the payment never reached the provider; nothing was charged');
  }
}

/** Where an order stands now, moved on as far as the provider allows (replays, status polls, returns). */
export async function advanceOrder(
  deps: CheckoutDeps,
  rid: string,
  paypal?: PaypalInfo,
  /**
   * The reconciler's: an order placed before this instant whose payment the provider has no record of
   * never reached it (the process died between the order's transaction and the provider's call): it
   * fails, nothing charged, its seats still held for the customer, instead of waiting out the payment
   * window. An approval that arrived later after all would be refunded (refundFailedOrder).
   */
  unknownBefore?: number,
): Promise<CheckoutAnswer> {
  const order = await loadOrder(deps.db, rid);
  if (order.state === 'paid' || order.state === 'held')
    return completedAnswer(deps.db, deps.settings, rid, deps.clock.now());
  if (order.state === 'failed') throw failureFromJson(order.failure_json);
  if (order.state === 'cancelled') throw new AppError('order_cancelled', 'the order was cancelled');
  const payment = await providerPayment(deps.db, rid);
  // Only vouchers (or nothing) to pay, and the confirmation never ran: run it now.
  if (!payment || payment.status === 'approved') return confirmOrder(deps, rid, null);
  let outcome: ProviderOutcome | null;
  try {
    outcome = await deps.provider.status(payment.id, payment.provider_ref);
  } catch (err) {
    if (!(err instanceof PaymentUnavailableError)) throw err;
    if (payment.action_json && order.payment_deadline)
      return actionAnswer(rid, payment, JSON.parse(payment.action_json), order.payment_deadline);
    throw new AppError('errorNoResponse', 'the payment provider did not answer; try again');
  }
  if (outcome === null && unknownBefore !== undefined && order.created_at < unknownBefore) {
    const error = new PaymentNeverReached();
    await failOrder(deps, rid, error);
    throw error;
  }
  return settle(deps, order, payment, outcome, paypal);
}
