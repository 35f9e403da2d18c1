import type { FastifyPluginAsync } from 'fastify';
import { providerParts } from '../../services/payments/choose.ts';
import { SandboxPaymentProvider } from '../../services/payments/sandbox/acquirer.ts';
import { PayPalRestProvider } from '../../services/payments/paypal/adapter.ts';
import { StripePaymentProvider } from '../../services/payments/stripe/adapter.ts';
import { sandboxRoutes } from '../sandbox.ts';
import { payPalRoutes } from './paypal.ts';
import { stripeRoutes } from './stripe.ts';

/**
 * What each payment provider behind the box office needs of it: the sandbox acquirer's own pages (bank,
 * PayPal, payment page, Blik app) only with the sandbox; Stripe's webhook and 3-D Secure return page
 * only with Stripe; PayPal's webhook only with PayPal's REST adapter.
 */
export const paymentProviderRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.deps;
  for (const part of providerParts(app.deps.payments)) {
    if (part instanceof SandboxPaymentProvider) await app.register(sandboxRoutes, { prefix: '/sandbox' });
    if (part instanceof StripePaymentProvider && config.providers.stripe)
      await app.register(stripeRoutes, {
        prefix: '/api/payments/stripe',
        provider: part,
        webhookSecret: config.providers.stripe.webhookSecret,
      });
    if (part instanceof PayPalRestProvider)
      await app.register(payPalRoutes, { prefix: '/api/payments/paypal', provider: part });
  }
};
// Registered in the app's own context, as the sandbox's pages always were.
(paymentProviderRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
