import { beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './adapter.ts';

/**
 * The opt-in smoke test against Stripe's own test environment (issue 38): skipped unless
 * STRIPE_SMOKE_SECRET_KEY holds a test-mode secret key (sk_test_…). A venue runs it before going live:
 *   STRIPE_SMOKE_SECRET_KEY=sk_test_… npx vitest run server/services/payments/stripe/smoke.test.ts
 * It uses Stripe's test PaymentMethods (pm_card_visa, pm_card_threeDSecure2Required), so no card is typed.
 */
const key = process.env.STRIPE_SMOKE_SECRET_KEY ?? '';
const currency = process.env.STRIPE_SMOKE_CURRENCY ?? 'ILS';

describe.skipIf(!key.startsWith('sk_test_'))("the Stripe adapter against Stripe's test environment", () => {
  let stripe: StripePaymentProvider;
  beforeAll(() => {
    stripe = new StripePaymentProvider(
      {
        secretKey: key,
        publishableKey: 'pk_test_unused',
        webhookSecret: 'whsec_unused',
        apiUrl: 'https://api.stripe.com',
        jsUrl: 'https://js.stripe.com/v3/',
      },
      { publicUrl: 'https://shop.example' },
    );
  });
  const base = () => {
    const reference = `pay_smoke_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    return {
      reference,
      amount: 5_000,
      currency,
      description: 'smoke test',
      numberOfPayments: 1,
      returnPath: '/?checkout=return',
      cancelPath: '/?checkout=cancel',
    };
  };

  it('charges a card, finds it by its reference, and refunds part of it once', async () => {
    const req = base();
    const paid = await stripe.initiate({
      ...req,
      method: 'card',
      card: { token: 'pm_card_visa' },
      saveCard: false,
    });
    expect(paid).toMatchObject({ status: 'approved', brand: 'visa', last4: '4242' });
    expect(await stripe.status(req.reference, paid.providerRef)).toMatchObject({ status: 'approved' });
    await stripe.refund(paid.providerRef, { amount: 1_000, reference: `${req.reference}_r1` });
    await stripe.refund(paid.providerRef, { amount: 1_000, reference: `${req.reference}_r1` });
  }, 30_000);

  it('asks for 3-D Secure with the issuer page, and cancels what the customer never finished', async () => {
    const req = base();
    const outcome = await stripe.initiate({
      ...req,
      method: 'card',
      card: { token: 'pm_card_threeDSecure2Required' },
      saveCard: false,
    });
    expect(outcome).toMatchObject({ status: 'action', action: { type: 'challenge' } });
    await stripe.cancel(req.reference, outcome.providerRef);
    expect(await stripe.status(req.reference, outcome.providerRef)).toMatchObject({ status: 'declined' });
  }, 30_000);

  it('opens a Checkout Session for the payment page', async () => {
    const outcome = await stripe.initiate({ ...base(), method: 'redirect' });
    expect(outcome).toMatchObject({ status: 'action', action: { type: 'redirect', provider: 'hosted' } });
    expect((outcome as { action: { url: string } }).action.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    await stripe.cancel('', outcome.providerRef);
  }, 30_000);
});
