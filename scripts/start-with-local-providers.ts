import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalPayPal } from '../server/services/payments/paypal/local/server.ts';
import { startLocalStripe } from '../server/services/payments/stripe/local/server.ts';

/**
 * The shop with the real providers' adapters, against local servers that speak their wire formats
 * instead of the providers (`npm run start:providers-local`): Stripe for cards (its card fields, the local
 * stand-in for Stripe.js; 3-D Secure, saved cards, Stripe Checkout, signed webhooks) and PayPal by its
 * REST API beside it (the payer's approval page, captures, verified webhooks), without the internet or
 * an account with either. Test cards: docs/payments.md. With E2E_DATA_DIR set it starts the browser
 * tests' server instead of the plain one.
 */
const port = process.env.PORT ?? '3000';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const stripe = await startLocalStripe({ port: Number(process.env.STRIPE_LOCAL_PORT ?? 0) });
const webhookSecret = 'whsec_localstripe';
stripe.webhooks({ url: `${publicUrl}/api/payments/stripe/webhook`, secret: webhookSecret });
const paypalSecret = 'local-paypal-secret';
const paypal = await startLocalPayPal({
  port: Number(process.env.PAYPAL_LOCAL_PORT ?? 0),
  clientSecret: paypalSecret,
});
paypal.webhooks({ url: `${publicUrl}/api/payments/paypal/webhook` });
if (!process.env.SETTINGS_FILE) {
  const file = join(mkdtempSync(join(tmpdir(), 'provider-settings-')), 'settings.json');
  writeFileSync(
    file,
    JSON.stringify({
      payment: {
        provider: 'stripe',
        methods: { redirect: true },
        paypal: { isActive: true, environment: 'sandbox', clientId: 'local-paypal-client' },
      },
    }),
  );
  process.env.SETTINGS_FILE = file;
}
Object.assign(process.env, {
  STRIPE_SECRET_KEY: 'sk_test_localstripe',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_localstripe',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: stripe.url,
  STRIPE_JS_URL: `${stripe.url}/v3/`,
  PAYPAL_CLIENT_SECRET: paypalSecret,
  PAYPAL_WEBHOOK_ID: 'WH-LOCAL',
  PAYPAL_API_URL: paypal.url,
});
console.log(
  `the local Stripe-format server listens at ${stripe.url}, the PayPal-format one at ${paypal.url}`,
);
await import(process.env.E2E_DATA_DIR ? './e2e-server.ts' : './start.ts');
