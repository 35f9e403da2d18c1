import type { Kysely } from 'kysely';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { Clock } from '../../clock.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { payPalApiUrl } from './credentials.ts';
import { PayPalRestProvider } from './paypal/adapter.ts';
import type { PaymentProvider } from './provider.ts';
import { RoutedPaymentProvider } from './routed.ts';
import { SandboxPaymentProvider } from './sandbox/acquirer.ts';
import { StripePaymentProvider } from './stripe/adapter.ts';

/**
 * The payment provider the settings name (`payment.provider`, checked by loadSettings with the
 * credentials of the environment): the built-in sandbox acquirer, or Stripe; with the venue's own PayPal
 * credentials (PAYPAL_CLIENT_SECRET), PayPal payments go to PayPal's REST adapter beside it.
 */
export function paymentProviderOf(
  settings: Settings,
  config: ServerConfig,
  db: Kysely<Database>,
  clock: Clock,
): PaymentProvider {
  const stripe = config.providers.stripe;
  const cards: PaymentProvider =
    settings.payment.provider === 'stripe' && stripe
      ? new StripePaymentProvider(stripe, { publicUrl: config.publicUrl })
      : new SandboxPaymentProvider(db, {
          now: () => clock.now(),
          delayMs: config.sandboxAcquirerDelayMs,
          blikCodeSeconds: config.sandboxBlikCodeSeconds,
          blikApprovalSeconds: config.sandboxBlikApprovalSeconds,
        });
  const paypal = config.providers.paypal;
  if (!settings.payment.paypal.isActive || !paypal) return cards;
  // The venue's own PayPal account: PayPal payments go to PayPal's REST API, cards stay where they are.
  return new RoutedPaymentProvider(db, {
    cards,
    paypal: new PayPalRestProvider({
      clientId: settings.payment.paypal.clientId ?? '',
      clientSecret: paypal.clientSecret,
      apiBase: payPalApiUrl(paypal, settings.payment.paypal.environment),
      webhookId: paypal.webhookId,
      publicUrl: config.publicUrl,
    }),
  });
}

/** The providers behind the box office's one (a routed one has two): the routes each needs hang on them. */
export function providerParts(provider: PaymentProvider): PaymentProvider[] {
  return provider instanceof RoutedPaymentProvider ? provider.parts() : [provider];
}
