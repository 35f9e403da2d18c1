import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentUnavailableError } from '../provider.ts';
import { StripePaymentProvider } from './adapter.ts';
import { type LocalStripe, startLocalStripe } from './local/server.ts';

const SECRET = 'sk_test_adapter';
const PUBLISHABLE = 'pk_test_adapter';
const WEBHOOK = 'whsec_adapter';

describe('the Stripe adapter against a local Stripe-format server', () => {
  let local: LocalStripe;
  let stripe: StripePaymentProvider;
  let n = 0;
  const ref = () => `pay_t${++n}_${Date.now()}`;
  const base = (reference: string) => ({
    reference,
    amount: 12_345,
    currency: 'ILS',
    description: `order r${n}`,
    numberOfPayments: 1,
    returnPath: '/order/1?checkout=return',
    cancelPath: '/order/1?checkout=cancel',
  });

  /** What the customer's browser does in Stripe's card fields: a PaymentMethod made with the publishable key. */
  async function cardToken(number: string): Promise<string> {
    const res = await fetch(`${local.url}/v1/payment_methods`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PUBLISHABLE}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': number,
        'card[exp_month]': '12',
        'card[exp_year]': '2031',
        'card[cvc]': '123',
      }),
    });
    return ((await res.json()) as { id: string }).id;
  }
  /** Stripe.js's createConfirmationToken: the Payment Element's card as a ConfirmationToken. */
  async function confirmationToken(number: string, setupFutureUsage?: 'on_session'): Promise<string> {
    const res = await fetch(`${local.url}/v1/confirmation_tokens`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PUBLISHABLE}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        ...(setupFutureUsage ? { setup_future_usage: setupFutureUsage } : {}),
      }),
    });
    return ((await res.json()) as { id: string }).id;
  }
  const last = (path: string) => local.requests.filter((r) => r.path === path).at(-1)!;

  beforeAll(async () => {
    local = await startLocalStripe();
    stripe = new StripePaymentProvider(
      {
        secretKey: SECRET,
        publishableKey: PUBLISHABLE,
        webhookSecret: WEBHOOK,
        apiUrl: local.url,
        jsUrl: `${local.url}/v3/`,
      },
      { publicUrl: 'https://shop.test', timeoutMs: 1500 },
    );
  });
  afterAll(async () => local?.close());

  it('confirms a card PaymentIntent in one documented request, idempotent by the payment id', async () => {
    const reference = ref();
    const token = await cardToken('4242 4242 4242 4242');
    const outcome = await stripe.initiate({
      ...base(reference),
      method: 'card',
      card: { token },
      saveCard: false,
    });
    expect(outcome).toMatchObject({ status: 'approved', brand: 'visa', last4: '4242', token: null });
    const req = last('/v1/payment_intents');
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['idempotency-key']).toBe(reference);
    expect(req.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(req.form).toMatchObject({
      amount: '12345',
      currency: 'ils',
      confirm: 'true',
      payment_method: token,
      allowed_payment_method_types: ['card'],
      metadata: { reference },
      return_url: 'https://shop.test/api/payments/stripe/return',
      expand: ['payment_method'],
    });
    // A retry with the same reference is the same payment: Stripe answers it again, charging nothing more.
    const again = await stripe.initiate({
      ...base(reference),
      method: 'card',
      card: { token },
      saveCard: false,
    });
    expect(again).toEqual(outcome);
    expect(
      [...local.ledger.intents.values()].filter((pi) => pi.metadata.reference === reference),
    ).toHaveLength(1);
  });

  it('3-D Secure: the issuer page in the frame, then approved; failed authentication declines', async () => {
    for (const answer of ['complete', 'fail'] as const) {
      const reference = ref();
      const token = await cardToken('4000002760003184');
      const outcome = await stripe.initiate({
        ...base(reference),
        method: 'card',
        card: { token },
        saveCard: false,
      });
      expect(outcome).toMatchObject({ status: 'action', action: { type: 'challenge' } });
      const url = (outcome as { action: { url: string } }).action.url;
      const back = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ answer }),
        redirect: 'manual',
      });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toMatch(
        /^https:\/\/shop\.test\/api\/payments\/stripe\/return\?payment_intent=pi_/,
      );
      const after = await stripe.status(reference, outcome.providerRef);
      expect(after).toMatchObject(
        answer === 'complete'
          ? { status: 'approved' }
          : { status: 'declined', reason: 'authentication_failed' },
      );
    }
  });

  it('a ConfirmationToken from the Payment Element confirms the PaymentIntent; saving needs the same future usage', async () => {
    const token = await confirmationToken('4242424242424242');
    const paid = await stripe.initiate({ ...base(ref()), method: 'card', card: { token }, saveCard: false });
    expect(last('/v1/payment_intents').form).toMatchObject({ confirmation_token: token, confirm: 'true' });
    expect(last('/v1/payment_intents').form).not.toHaveProperty('payment_method');
    expect(paid).toMatchObject({ status: 'approved', last4: '4242' });
    // Made without "save my card", it cannot confirm a payment that saves it (Stripe's rule).
    const unsaved = await confirmationToken('4242424242424242');
    expect(
      await stripe.initiate({ ...base(ref()), method: 'card', card: { token: unsaved }, saveCard: true }),
    ).toMatchObject({
      status: 'declined',
      reason: 'invalid_card',
      message: expect.stringMatching(/setup_future_usage/),
    });
    const saving = await confirmationToken('4242424242424242', 'on_session');
    const saved = await stripe.initiate({
      ...base(ref()),
      method: 'card',
      card: { token: saving },
      saveCard: true,
    });
    expect(saved).toMatchObject({ status: 'approved', token: { last4: '4242' } });
  });

  it('declines with the issuer reason and Stripe message', async () => {
    const token = await cardToken('4000000000009995');
    const outcome = await stripe.initiate({
      ...base(ref()),
      method: 'card',
      card: { token },
      saveCard: false,
    });
    expect(outcome).toMatchObject({
      status: 'declined',
      reason: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('saves a card as a Customer with its PaymentMethod, and pays with it again', async () => {
    const token = await cardToken('5555555555554444');
    const first = await stripe.initiate({ ...base(ref()), method: 'card', card: { token }, saveCard: true });
    expect(last('/v1/customers').method).toBe('POST');
    expect(last('/v1/payment_intents').form).toMatchObject({ setup_future_usage: 'on_session' });
    expect(first).toMatchObject({
      status: 'approved',
      token: { brand: 'mastercard', last4: '4444', expiry: '12/31' },
    });
    const saved = (first as { token: { token: string } }).token.token;
    const second = await stripe.initiate({ ...base(ref()), method: 'token', token: saved });
    expect(second).toMatchObject({ status: 'approved', last4: '4444' });
    expect(last('/v1/payment_intents').form).toMatchObject({
      customer: saved.split('/')[0],
      payment_method: token,
    });
    await stripe.deleteToken(saved);
    expect(last(`/v1/payment_methods/${token}/detach`).method).toBe('POST');
  });

  it('Blik: the code goes with the PaymentIntent, the banking app approves', async () => {
    const reference = ref();
    const outcome = await stripe.initiate({
      ...base(reference),
      currency: 'PLN',
      method: 'blik',
      code: '777123',
    });
    expect(last('/v1/payment_intents').form).toMatchObject({
      currency: 'pln',
      allowed_payment_method_types: ['blik'],
      payment_method_data: { type: 'blik' },
      payment_method_options: { blik: { code: '777123' } },
    });
    expect(outcome).toMatchObject({ status: 'action', action: { type: 'blik' } });
    local.ledger.authenticate(local.ledger.intent(outcome.providerRef), true);
    expect(await stripe.status(reference, outcome.providerRef)).toMatchObject({ status: 'approved' });
  });

  it('the payment page is a Checkout Session; paid there, the payment is approved', async () => {
    const reference = ref();
    const outcome = await stripe.initiate({ ...base(reference), method: 'redirect' });
    expect(outcome).toMatchObject({ status: 'action', action: { type: 'redirect', provider: 'hosted' } });
    expect(last('/v1/checkout/sessions').form).toMatchObject({
      mode: 'payment',
      client_reference_id: reference,
      success_url: 'https://shop.test/order/1?checkout=return',
      cancel_url: 'https://shop.test/order/1?checkout=cancel',
      line_items: [{ quantity: '1', price_data: { currency: 'ils', unit_amount: '12345' } }],
      payment_intent_data: { metadata: { reference } },
    });
    const page = (outcome as { action: { url: string } }).action.url;
    const paid = await fetch(page, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'pay', 'card[number]': '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe('https://shop.test/order/1?checkout=return');
    const after = await stripe.status(reference, outcome.providerRef);
    expect(after).toMatchObject({ status: 'approved' });
    expect(after!.providerRef).toMatch(/^pi_/);
  });

  it('refunds part of a charge once per refund reference', async () => {
    const token = await cardToken('4242424242424242');
    const paid = await stripe.initiate({ ...base(ref()), method: 'card', card: { token }, saveCard: false });
    await stripe.refund(paid.providerRef, { amount: 2_000, reference: 'rf_1' });
    await stripe.refund(paid.providerRef, { amount: 2_000, reference: 'rf_1' });
    const req = last('/v1/refunds');
    expect(req.headers['idempotency-key']).toBe('refund:rf_1');
    expect(req.form).toMatchObject({
      payment_intent: paid.providerRef,
      amount: '2000',
      metadata: { reference: 'rf_1' },
    });
    expect(local.ledger.intent(paid.providerRef).refunded).toBe(2_000);
  });

  it('no answer is PaymentUnavailableError; a payment approved while the answer was lost is found by its reference', async () => {
    const token = await cardToken('4242424242424242');
    // Stripe's library tries once more by itself, with the same idempotency key: both fail here.
    local.failNext('error', 2);
    await expect(
      stripe.initiate({ ...base(ref()), method: 'card', card: { token }, saveCard: false }),
    ).rejects.toBeInstanceOf(PaymentUnavailableError);
    const reference = ref();
    local.dropNextAnswer(2);
    await expect(
      stripe.initiate({ ...base(reference), method: 'card', card: { token }, saveCard: false }),
    ).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(await stripe.status(reference, null)).toMatchObject({ status: 'approved', last4: '4242' });
    expect(last('/v1/payment_intents/search').query.get('query')).toBe(
      `metadata['reference']:'${reference}'`,
    );
    expect(await stripe.status(ref(), null)).toBeNull();
  });

  it('checks a webhook event by its signature with the library, refusing a forged one', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK });
    expect(stripe.constructEvent(payload, header, WEBHOOK).id).toBe('evt_1');
    expect(() => stripe.constructEvent(payload.replace('evt_1', 'evt_2'), header, WEBHOOK)).toThrow();
  });
});
