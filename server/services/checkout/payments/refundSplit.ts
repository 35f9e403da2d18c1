import type { Kysely, Transaction } from 'kysely';
import type { RefundPart } from '../../../../src/api/contract/order.ts';
import type { Database } from '../../../db/types.ts';
import { type PaymentRow, paymentSource } from '../../orders/payments.ts';
import { byReference } from './vouchers.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Refundable = Pick<
  PaymentRow,
  'id' | 'method' | 'voucher_reference' | 'amount' | 'refunded_amount' | 'provider_ref' | 'created_at'
>;

export interface RefundSplit<P extends Refundable> {
  /** Each payment that takes part of the refund back, and how much; none takes more than it kept. */
  parts: { payment: P; amount: number }[];
  /** What no payment can take back (paid in cash at the box office): the box office gives it back. */
  left: number;
}

/**
 * Where `refund` goes back among an order's approved payments: the gift cards first, each up to what it
 * paid and has not had back (in reference order, the order every checkout locks gift cards in), then the
 * online payments with an acquirer's transaction, oldest first. Pure: the one rule both for what the
 * cancel dialog shows before and for what a cancellation (the customer's, a called-off show's) does.
 */
export function splitRefund<P extends Refundable>(payments: readonly P[], refund: number): RefundSplit<P> {
  const vouchers = payments.filter((p) => p.method === 'voucher').sort(byReference);
  const online = payments
    .filter((p) => p.method !== 'voucher' && p.provider_ref)
    .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  const parts: RefundSplit<P>['parts'] = [];
  let left = Math.max(0, refund);
  for (const payment of [...vouchers, ...online]) {
    const amount = Math.min(left, payment.amount - payment.refunded_amount);
    if (amount <= 0) continue;
    parts.push({ payment, amount });
    left -= amount;
  }
  return { parts, left };
}

/** `splitRefund` over the order's approved payments as they stand (read in the caller's transaction). */
export async function planRefund(
  db: Db,
  reservationIdentifier: string,
  refund: number,
): Promise<RefundSplit<PaymentRow>> {
  const payments = await db
    .selectFrom('order_payments')
    .selectAll()
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('status', '=', 'approved')
    .execute();
  return splitRefund(payments, refund);
}

/** A split as the customer is shown it: to which card or gift card, and how much. */
export function refundParts(split: RefundSplit<PaymentRow>): RefundPart[] {
  return split.parts.map((p) => ({ ...paymentSource(p.payment), amount: p.amount }));
}
