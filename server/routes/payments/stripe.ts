import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { StripePaymentProvider } from '../../services/payments/stripe/adapter.ts';
import { actOnProviderEvent } from './providerEvents.ts';

/** The events that move a payment on; others are answered 200 and left alone. */
const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);

/** The box office's payment id an event's object carries (metadata[reference], set on every create). */
function referenceOf(event: Stripe.Event): string | null {
  const object = event.data.object as { metadata?: Record<string, string> | null };
  return object.metadata?.reference ?? null;
}

/**
 * Stripe's calls to the box office (issue 38): its webhook, verified by the Stripe-Signature header with
 * the library's own check and the endpoint's secret (STRIPE_WEBHOOK_SECRET), feeding the same
 * confirmation path as the reconciler, once per event id; and the page Stripe's 3-D Secure sends the
 * customer's frame back to (the shop's dialog sees the payment settle by itself).
 */
export const stripeRoutes: FastifyPluginAsync<{
  provider: StripePaymentProvider;
  webhookSecret: string;
}> = async (app, { provider, webhookSecret }) => {
  // The signature covers the body byte for byte: this plugin's JSON stays text.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post('/webhook', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || typeof request.body !== 'string') throw new Error('unsigned');
      event = provider.constructEvent(request.body, signature, webhookSecret);
    } catch {
      throw new AppError('webhook_signature_invalid', 'the event does not carry a valid Stripe signature');
    }
    const outcome = await actOnProviderEvent(
      request,
      {
        provider: 'stripe',
        id: event.id,
        type: event.type,
        paymentId: PAYMENT_EVENTS.has(event.type) ? referenceOf(event) : null,
      },
      request.log,
    );
    return reply.code(outcome === 'done' ? 200 : 503).send({ received: true });
  });

  app.get('/return', async (_request, reply) =>
    reply
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"></head><body></body></html>',
      ),
  );
};
