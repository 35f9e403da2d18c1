import type { CounterPayment } from '../../../src/api/contract/counter.ts';
import { changeDue, counterProblem } from '../../../src/domain/payment/counter.ts';
import { AppError } from '../../errors.ts';
import { opaqueId } from '../checkout/ids.ts';
import type { Trx } from '../checkout/lines/types.ts';
import { voucherApplications } from '../checkout/payments/vouchers.ts';
import { type Clerk, currentShift } from './shifts.ts';

/** Refuses counter payments that cannot pay `due` (the rule the counter screen shows), with its code. */
export function assertCounterPayments(due: number, payments: readonly CounterPayment[]): void {
  const problem = counterProblem(due, payments);
  if (!problem) return;
  const { code, ...params } = problem;
  // A gift card named twice is a bad amount for it, as the checkout answers it.
  throw new AppError(
    code === 'voucher_twice' ? 'voucher_amount_invalid' : code,
    `the counter payments cannot pay ${due}: ${code}`,
    params,
  );
}

/**
 * Writes what a clerk took for an order, in the caller's transaction, in the clerk's open shift: cash and
 * card-present payments, and gift cards (checked and locked in reference order like every checkout's).
 * `settled`: the money is in hand and the order is settled in this same transaction (a collected hold, an
 * exchange's difference): every payment is approved now and gift cards are debited now. Otherwise (a
 * sale through the checkout) the rows wait as pending and the order's confirmation approves them and
 * debits the gift cards, as it does for online orders. Answers the change to hand back.
 */
export async function recordCounterPayments(
  trx: Trx,
  order: { reservationIdentifier: string; due: number },
  payments: readonly CounterPayment[],
  clerk: Clerk,
  now: number,
  settled: boolean,
): Promise<{ change: number; shiftId: string }> {
  assertCounterPayments(order.due, payments);
  const shiftId = await currentShift(trx, clerk, now);
  const cards = payments.filter((p) => p.method === 'giftCard');
  const checked = await voucherApplications(
    trx,
    cards.map((g) => ({ systemVoucher: g.reference, amount: g.amount })),
    now,
  );
  for (const v of checked)
    if (v.amount > v.available)
      throw new AppError('voucherBalance', `gift card ${v.reference} holds less than ${v.amount}`, {
        reference: v.reference,
        available: v.available,
      });
  const status = settled ? ('approved' as const) : ('pending' as const);
  const base = {
    reservation_identifier: order.reservationIdentifier,
    status,
    created_at: now,
    updated_at: now,
    shift_id: shiftId,
    taken_by: clerk.username,
  };
  for (const v of checked) {
    if (settled) {
      const debited = await trx
        .updateTable('system_vouchers')
        .set((eb) => ({ balance: eb('balance', '-', v.amount), redeemed: eb('redeemed', '+', v.amount) }))
        .where('reference', '=', v.reference)
        .where('balance', '>=', v.amount)
        .executeTakeFirst();
      if (Number(debited.numUpdatedRows) !== 1)
        throw new AppError('voucherBalance', `gift card ${v.reference} holds less than ${v.amount}`, {
          reference: v.reference,
        });
    }
    await trx
      .insertInto('order_payments')
      .values({
        ...base,
        id: opaqueId('pay'),
        method: 'voucher',
        provider: 'voucher',
        amount: v.amount,
        voucher_reference: v.reference,
      })
      .execute();
  }
  for (const p of payments) {
    if (p.method === 'giftCard') continue;
    await trx
      .insertInto('order_payments')
      .values({
        ...base,
        id: opaqueId('pay'),
        method: p.method === 'cash' ? 'cash' : 'card_present',
        provider: 'counter',
        amount: p.amount,
        tendered: p.method === 'cash' ? p.tendered : null,
        approval_code: p.method === 'cardPresent' ? p.reference : null,
        last4: p.method === 'cardPresent' ? (p.last4 ?? null) : null,
      })
      .execute();
  }
  return { change: changeDue(payments), shiftId };
}
