import type { RefundPart } from '../../../../src/api/contract/order.ts';
import { AppError } from '../../../errors.ts';
import type { Trx } from '../../checkout/lines/types.ts';
import { markRefunded, writeRefund } from '../../checkout/payments/refunds.ts';
import { planRefund, refundParts } from '../../checkout/payments/refundSplit.ts';
import { creditVouchers } from '../../checkout/payments/vouchers.ts';
import { type Clerk, currentShift } from '../../counter/shifts.ts';
import { type PaymentRow, paymentSource } from '../payments.ts';

export interface GiveBackPlan {
  /** Gift cards and online payments, as `splitRefund` shares the refund out among them. */
  split: Awaited<ReturnType<typeof planRefund>>;
  /** What was taken at the counter and goes back there (cash, the venue's terminal), oldest first. */
  counter: { payment: PaymentRow; amount: number }[];
  parts: RefundPart[];
  atCounter: number;
}

/**
 * Where `refund` of an order goes back, read in the caller's transaction: gift cards and online payments
 * first (the rule of every cancellation, refundSplit.ts), then what the clerk gives back at the counter
 * from what was paid there. A refund beyond what the payments still hold is refused.
 */
export async function planGiveBack(trx: Trx, rid: string, refund: number): Promise<GiveBackPlan> {
  const split = await planRefund(trx, rid, refund);
  const counterPaid = await trx
    .selectFrom('order_payments')
    .selectAll()
    .where('reservation_identifier', '=', rid)
    .where('status', '=', 'approved')
    .where('method', 'in', ['cash', 'card_present'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const counter: GiveBackPlan['counter'] = [];
  let left = split.left;
  for (const payment of counterPaid) {
    const amount = Math.min(left, payment.amount - payment.refunded_amount);
    if (amount <= 0) continue;
    counter.push({ payment, amount });
    left -= amount;
  }
  if (left > 0)
    throw new AppError(
      'formValidation',
      `the order's payments hold ${refund - left} of the ${refund} asked back`,
      {
        field: 'refund',
      },
    );
  const parts = [
    ...refundParts(split),
    ...counter.map((c) => ({ ...paymentSource(c.payment), amount: c.amount })),
  ];
  return { split, counter, parts, atCounter: counter.reduce((s, c) => s + c.amount, 0) };
}

/**
 * Moves the money of a plan, in the caller's transaction: gift cards credited at once, online payments
 * written as refunds to send after the transaction (answered; the reconciler sends any a crash left),
 * counter payments given back by the clerk now (recorded as done, in the clerk's shift: an API token has
 * no drawer, so it cannot give cash back).
 */
export async function giveBack(
  trx: Trx,
  rid: string,
  plan: GiveBackPlan,
  clerk: Clerk | null,
  adjustmentId: string,
  now: number,
): Promise<string[]> {
  await creditVouchers(
    trx,
    plan.split.parts.filter((p) => p.payment.method === 'voucher'),
    now,
  );
  const toSend: string[] = [];
  for (const { payment: p, amount } of plan.split.parts) {
    if (p.method === 'voucher') continue;
    toSend.push(
      await writeRefund(trx, {
        transactionId: p.provider_ref!,
        paymentId: p.id,
        reservationIdentifier: rid,
        voucherReference: null,
        amount,
        now,
        adjustmentId,
      }),
    );
    await markRefunded(trx, p, amount, now);
  }
  if (plan.counter.length > 0) {
    if (!clerk)
      throw new AppError('counter_clerk_only', 'money paid at the counter is given back there by a clerk');
    const shiftId = await currentShift(trx, clerk, now);
    for (const { payment: p, amount } of plan.counter) {
      await writeRefund(trx, {
        transactionId: p.approval_code ?? '',
        paymentId: p.id,
        reservationIdentifier: rid,
        voucherReference: null,
        amount,
        now,
        sent: true,
        method: p.method === 'cash' ? 'cash' : 'card_present',
        shiftId,
        takenBy: clerk.username,
        adjustmentId,
      });
      await markRefunded(trx, p, amount, now);
    }
  }
  return toSend;
}
