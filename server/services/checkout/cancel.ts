import { AppError } from '../../errors.ts';
import { declineError } from './declines.ts';
import type { CheckoutDeps } from './deps.ts';
import { confirmOrder, failOrder, loadOrder, providerPayment } from './settle.ts';

/**
 * The customer gives up a payment in progress (closes the 3-D Secure window, stops waiting for Blik,
 * cancels on PayPal or the payment page): the provider is told, and the order fails with the seats still
 * held for the customer. If the provider approved meanwhile, the order is confirmed instead.
 */
export async function cancelPayment(
  deps: CheckoutDeps,
  rid: string,
): Promise<{ reservationIdentifier: string; state: 'failed' }> {
  const order = await loadOrder(deps.db, rid);
  if (order.state === 'paid' || order.state === 'held')
    throw new AppError('last_commit_error', 'this order was already completed', {
      reservationIdentifier: rid,
    });
  if (order.state !== 'pending') return { reservationIdentifier: rid, state: 'failed' };
  const payment = await providerPayment(deps.db, rid);
  if (payment) {
    await deps.provider.cancel(payment.id, payment.provider_ref);
    const after = await deps.provider.status(payment.id, payment.provider_ref);
    if (after?.status === 'approved') {
      await confirmOrder(deps, rid, { paymentId: payment.id, outcome: after });
      throw new AppError('last_commit_error', 'the payment was approved before it could be cancelled', {
        reservationIdentifier: rid,
      });
    }
  }
  await failOrder(deps, rid, declineError(payment?.method ?? 'card', 'cancelled', null));
  return { reservationIdentifier: rid, state: 'failed' };
}
