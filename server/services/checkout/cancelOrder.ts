import type { RefundPart } from '../../../src/api/contract/order.ts';
import { lineKinds } from './lines/index.ts';
import type { Trx } from './lines/types.ts';
import { markRefunded, writeRefund } from './payments/refunds.ts';
import { planRefund, refundParts } from './payments/refundSplit.ts';
import { creditVouchers } from './payments/vouchers.ts';
import { refOf } from './settle.ts';

/**
 * Cancels a paid or held order inside the caller's transaction: every line kind lets go of what it holds
 * (seats released, tickets cancelled), and `refund` goes back to the original payments as
 * `splitRefund` (payments/refundSplit.ts) shares it out: gift cards first (credited at once), the rest to
 * the order's online payment. That part is written as a refund to send; `sendRefunds`
 * (payments/refunds.ts) sends it after the transaction, and the reconciler again if the process stops
 * between.
 */
export async function cancelOrderInTransaction(
  trx: Trx,
  reservationIdentifier: string,
  refund: number,
  now: number,
  fields: { cancel_fee: number; refund_amount: number },
): Promise<string[]> {
  return (await cancelAndRefund(trx, reservationIdentifier, refund, now, fields)).refunds;
}

/**
 * As `cancelOrderInTransaction`, answering also where the refund went (`parts`: each gift card and card
 * of the order, as `splitRefund` shares it out) and what of it could go back to no payment of the order
 * (`left`: paid at the box office, in cash; the box office gives it back there).
 */
export async function cancelAndRefund(
  trx: Trx,
  reservationIdentifier: string,
  refund: number,
  now: number,
  fields: { cancel_fee: number; refund_amount: number },
): Promise<{ refunds: string[]; left: number; parts: RefundPart[] }> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirstOrThrow();
  const ref = refOf(order);
  for (const kind of lineKinds) await kind.cancel(trx, now, ref);
  await trx
    .updateTable('orders')
    .set({ state: 'cancelled', cancelled_at: now, ...fields })
    .where('reservation_identifier', '=', reservationIdentifier)
    .execute();
  const split = await planRefund(trx, reservationIdentifier, refund);
  await creditVouchers(
    trx,
    split.parts.filter((p) => p.payment.method === 'voucher'),
    now,
  );
  const refunds: string[] = [];
  for (const { payment: p, amount } of split.parts) {
    if (p.method === 'voucher') continue;
    refunds.push(
      await writeRefund(trx, {
        transactionId: p.provider_ref!,
        paymentId: p.id,
        reservationIdentifier,
        voucherReference: null,
        amount,
        now,
      }),
    );
    await markRefunded(trx, p, amount, now);
  }
  return { refunds, left: split.left, parts: refundParts(split) };
}
