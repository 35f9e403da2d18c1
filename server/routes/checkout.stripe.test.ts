import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema, CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { type LocalStripe, startLocalStripe } from '../services/payments/stripe/local/server.ts';
import {
  commit,
  goodCard,
  loginByEmail,
  paymentStatus,
  type SeatShop,
  seatShop,
} from '../testing/checkout.ts';
import { area } from '../testing/checkoutScenarios.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const WEBHOOK_SECRET = 'whsec_boxoffice';

/**
 * The box office with the Stripe adapter (issue 38), against the local Stripe-format server: the card is
 * a PaymentMethod the browser made in Stripe's fields, 3-D Secure comes back as the issuer's page, a
 * webhook delivered twice settles once, and a card number sent to the box office is refused unread.
 */
describe.each(dialects)('checkout with Stripe on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let local: LocalStripe;
  const dir = mkdtempSync(join(tmpdir(), 'stripe-'));

  async function cardToken(number: string): Promise<string> {
    // What Stripe.js does with the Payment Element's card: a ConfirmationToken, made with the publishable key.
    const res = await fetch(`${local.url}/v1/confirmation_tokens`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_shop', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
      }),
    });
    return ((await res.json()) as { id: string }).id;
  }

  beforeAll(async () => {
    local = await startLocalStripe();
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ payment: { provider: 'stripe' } }));
    t = await createTestApp(dialect, {
      env: {
        SETTINGS_FILE: file,
        STRIPE_SECRET_KEY: 'sk_test_shop',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: local.url,
        STRIPE_JS_URL: `${local.url}/v3/`,
      },
    });
    shop = await seatShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await local?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the shop learns it takes cards in Stripe's own fields; a card number sent anyway is refused unread", async () => {
    const settings = (await t.app.inject({ url: '/api/settings' })).json() as {
      payment: { provider: string; cardFields: string; stripe: { publishableKey: string } | null };
    };
    expect(settings.payment).toMatchObject({
      provider: 'stripe',
      cardFields: 'provider',
      stripe: { publishableKey: 'pk_test_shop' },
    });
    // The pages' policy admits exactly Stripe's origins: its script and frames, and its 3-D Secure pages.
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain(local.url);
    expect(directive('frame-src')).toContain(local.url);
    expect(directive('connect-src')).toContain(local.url);
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, { creditcardInfo: goodCard }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'payment_method_unavailable' });
    expect(local.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(0);
  });

  it('pays by card with 3-D Secure; the webhook, delivered twice, settles the order once', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const token = await cardToken('4000002760003184');
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { creditcardInfo: undefined, cardToken: token }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const action = CheckoutActionSchema.parse(res.json());
    expect(action.action).toMatchObject({ type: 'challenge' });
    // The customer completes 3-D Secure in the frame; Stripe tells the box office by webhook, twice.
    await fetch((action.action as { url: string }).url, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'complete' }),
      redirect: 'manual',
    });
    const event = local.events.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
    const payload = JSON.stringify({
      id: event.id,
      object: 'event',
      type: event.type,
      data: { object: event.object },
    });
    for (let i = 0; i < 2; i++) {
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const order = await t.db.kysely
      .selectFrom('orders')
      .select(['state'])
      .where('reservation_identifier', '=', action.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(order.state).toBe('paid');
    const events = await t.db.kysely
      .selectFrom('provider_events')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(events).toHaveLength(1);
    const done = CheckoutCompletedSchema.parse(
      (await paymentStatus(t.app, me, action.reservationIdentifier)).json(),
    );
    expect(done.payments[0]).toMatchObject({ method: 'card', last4: '3184' });
  });

  it('a cancellation in the personal area refunds part of the order through Stripe, once', async () => {
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
    const me = visitor();
    const seats = await shop.hold(me, 2);
    const token = await cardToken('4242424242424242');
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { creditcardInfo: undefined, cardToken: token }),
      dana,
    );
    const done = CheckoutCompletedSchema.parse(res.json());
    const rid = done.reservationIdentifier;
    const cancel = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { refund, fee } = cancel.json() as { refund: number; fee: number };
    expect(fee).toBeGreaterThan(0);
    const paid = await t.db.kysely
      .selectFrom('order_payments')
      .select(['provider_ref', 'amount'])
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    const intent = local.ledger.intent(paid.provider_ref!);
    expect(intent.refunded).toBe(refund);
    expect(refund).toBeLessThan(paid.amount);
    expect([...local.ledger.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    // Asked again, nothing more goes back.
    expect(
      (await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(intent.refunded).toBe(refund);
  });

  it('refuses a webhook whose signature does not verify', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }),
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'webhook_signature_invalid' });
  });
});
