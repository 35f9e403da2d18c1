import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import type { PayPalRestProvider } from '../../services/payments/paypal/adapter.ts';
import { actOnProviderEvent } from './providerEvents.ts';

interface PayPalEvent {
  id?: string;
  event_type?: string;
  resource?: { custom_id?: string; purchase_units?: { custom_id?: string }[] };
}

/** The events that move a payment on; others (refunds, disputes) are answered 200 and left alone. */
const PAYMENT_EVENTS = new Set([
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DECLINED',
]);

/**
 * PayPal's webhook (issue 38): each event checked by PayPal's own verification call against the venue's
 * webhook id (PAYPAL_WEBHOOK_ID), recorded once by its id, and the payment it names (custom_id, our
 * payment id) moved on through the same path as a status poll and the reconciler.
 */
export const payPalRoutes: FastifyPluginAsync<{ provider: PayPalRestProvider }> = async (
  app,
  { provider },
) => {
  app.post('/webhook', async (request, reply) => {
    const event = request.body as PayPalEvent;
    const verified =
      typeof event?.id === 'string' &&
      typeof event.event_type === 'string' &&
      (await provider.verifyWebhook(request.headers, event).catch(() => false));
    if (!verified) throw new AppError('webhook_signature_invalid', 'PayPal did not verify this event');
    const resource = event.resource ?? {};
    const paymentId = resource.custom_id ?? resource.purchase_units?.[0]?.custom_id ?? null;
    const outcome = await actOnProviderEvent(
      request,
      {
        provider: 'paypal',
        id: event.id!,
        type: event.event_type!,
        paymentId: PAYMENT_EVENTS.has(event.event_type!) ? paymentId : null,
      },
      request.log,
    );
    return reply.code(outcome === 'done' ? 200 : 503).send({ received: true });
  });
};
