import type { Kysely } from 'kysely';
import type {
  CheckoutAction,
  CheckoutCompleted,
  PaymentAction,
  PaymentSummary,
} from '../../../src/api/contract/checkout.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import { splitInstalments } from '../../../src/domain/payment/split.ts';
import { withQuery } from '../../../src/routing/paths.ts';
import type { Database, PaymentMethodName } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { readOrderDocument } from '../orders/documents.ts';
import { contractMethod, type PaymentRow } from '../orders/payments.ts';
import type { ProviderAction } from '../payments/provider.ts';

export function paymentSummary(p: PaymentRow): PaymentSummary {
  const split = splitInstalments(p.amount, p.number_of_payments);
  return {
    method: contractMethod[p.method],
    amount: p.amount,
    numberOfPayments: split.count,
    firstPayment: split.first,
    otherPayments: split.others,
    brand: p.brand,
    last4: p.last4,
    approvalCode: p.approval_code,
    voucherReference: p.voucher_reference,
  };
}

/** The completed order as the confirmation shows it: what was bought, how it was paid, what comes next. */
export async function completedAnswer(
  db: Kysely<Database>,
  settings: Settings,
  reservationIdentifier: string,
  now: number,
): Promise<CheckoutCompleted> {
  const read = await readOrderDocument(db, { reservationIdentifier }, now);
  if (!read) throw new AppError('order_not_found', 'the order was not recorded');
  const { document: order, email, payments } = read;
  const received = settings.order.orderReceivedUrl;
  return {
    status: 'completed',
    reservationIdentifier,
    ticketIdentifiers: order.tickets.map((t) => t.ticketIdentifier),
    documentKey: order.documentKey,
    order,
    payments: payments.map(paymentSummary),
    isHold: order.isHold,
    holdDeadline: order.holdDeadline,
    email,
    orderReceivedUrl: received ? withQuery(received, { reservation: reservationIdentifier }) : null,
  };
}

export function toContractAction(action: ProviderAction): PaymentAction {
  return action.type === 'blik'
    ? { type: 'blik', expiresAt: new Date(action.expiresAt).toISOString() }
    : action;
}

/** The payment waits for the customer: what they must do, and until when. */
export function actionAnswer(
  reservationIdentifier: string,
  payment: { id: string; method: PaymentMethodName; amount: number },
  action: ProviderAction,
  paymentDeadline: number,
): CheckoutAction {
  return {
    status: 'action_required',
    reservationIdentifier,
    paymentId: payment.id,
    method: contractMethod[payment.method],
    amount: payment.amount,
    action: toContractAction(action),
    paymentDeadline: new Date(paymentDeadline).toISOString(),
  };
}
