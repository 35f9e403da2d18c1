import type { Kysely, Selectable, Transaction } from 'kysely';
import type { OrderPayment, PaymentKind, PaymentSource } from '../../../src/api/contract/order.ts';
import { maskGiftCard } from '../../../src/domain/payment/giftCard.ts';
import { splitInstalments } from '../../../src/domain/payment/split.ts';
import type { Database, PaymentMethodName } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<Database['order_payments']>;

/** The contract's name of each payment method the box office records. */
export const contractMethod: Record<PaymentMethodName, PaymentKind> = {
  card: 'card',
  saved_card: 'savedCard',
  paypal: 'paypal',
  blik: 'blik',
  redirect: 'redirect',
  voucher: 'voucher',
  cash: 'cash',
  card_present: 'cardPresent',
};

/** Where a payment came from, as the customer is shown it: never a gift card's whole code. */
export function paymentSource(
  p: Pick<PaymentRow, 'method' | 'brand' | 'last4' | 'voucher_reference'>,
): PaymentSource {
  return {
    method: contractMethod[p.method],
    brand: p.brand,
    last4: p.last4,
    giftCard: p.voucher_reference ? maskGiftCard(p.voucher_reference) : null,
  };
}

/**
 * How an order was paid, a payment a line (gift cards, then the card: in the order the checkout took
 * them), each with what went back of it. Only payments that took money count: approved, or refunded
 * since; a declined or abandoned attempt is no payment of the order.
 */
export async function orderPayments(db: Db, reservationIdentifier: string): Promise<OrderPayment[]> {
  return (await paidPaymentRows(db, reservationIdentifier)).map(toOrderPayment);
}

/** The order's payments that took money (`orderPayments`), as rows, in the order the checkout took them. */
export function paidPaymentRows(db: Db, reservationIdentifier: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('order_payments')
    .selectAll()
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('status', 'in', ['approved', 'refunded'])
    .orderBy('created_at')
    .orderBy('method', 'desc')
    .orderBy('id')
    .execute();
}

export function toOrderPayment(p: PaymentRow): OrderPayment {
  const split = splitInstalments(p.amount, p.number_of_payments);
  return {
    ...paymentSource(p),
    amount: p.amount,
    numberOfPayments: split.count,
    firstPayment: split.first,
    otherPayments: split.others,
    approvalCode: p.approval_code,
    refunded: p.refunded_amount,
  };
}
