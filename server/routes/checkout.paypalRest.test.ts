import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema, CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { type LocalPayPal, startLocalPayPal } from '../services/payments/paypal/local/server.ts';
import { commit, errorOf, loginByEmail, type SeatShop, seatShop } from '../testing/checkout.ts';
import { area } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const RETURN = '/order/checkout';

/**
 * The box office with the venue's own PayPal account (issue 38): PayPal payments go to PayPal's REST API
 * (here the local PayPal-format server), cards stay with the sandbox. The payer approves on PayPal, the
 * box office captures; a declined capture fails the order with the seats still held; PayPal's webhook,
 * delivered twice and before the payer is back, confirms the order once; a cancellation refunds part.
 */
describe.each(dialects)('PayPal by its REST API on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let local: LocalPayPal;

  beforeAll(async () => {
    local = await startLocalPayPal({ clientSecret: 'venue-secret' });
    t = await createTestApp(dialect, {
      env: { PAYPAL_CLIENT_SECRET: 'venue-secret', PAYPAL_API_URL: local.url, PAYPAL_WEBHOOK_ID: 'WH-VENUE' },
    });
    shop = await seatShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await local?.close();
  });

  /** Commits seats by PayPal and has the payer answer on PayPal's page; answers where PayPal sent them. */
  async function onPayPal(answer: 'pay' | 'cancel', cookie?: string) {
    const me = visitor();
    const seats = await shop.hold(me, 2);
    const key = crypto.randomUUID();
    const body = shop.cart(seats, { creditcardInfo: undefined, paymentMethod: 'paypal' }, RETURN);
    const res = await commit(t.app, me, key, body, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const action = CheckoutActionSchema.parse(res.json());
    const url = (action.action as { url: string }).url;
    expect(url.startsWith(`${local.url}/checkoutnow?token=`)).toBe(true);
    const back = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ answer }),
      redirect: 'manual',
    });
    const to = new URL(back.headers.get('location')!);
    return { me, seats, key, body, action, to, cookie };
  }
  const approval = (to: URL): NonNullable<CommitBody['cart']['paypal']> => ({
    payerId: to.searchParams.get('PayerID')!,
    token: to.searchParams.get('token')!,
    orderId: to.searchParams.get('token')!,
  });

  it('approved on PayPal, captured by the box office on the way back', async () => {
    const { me, key, body, action, to, seats } = await onPayPal('pay');
    expect(to.pathname).toBe(RETURN);
    const res = await commit(t.app, me, key, { ...body, cart: { ...body.cart, paypal: approval(to) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(CheckoutCompletedSchema.parse(res.json())).toMatchObject({
      reservationIdentifier: action.reservationIdentifier,
      payments: [{ method: 'paypal' }],
    });
    expect(await shop.sold(seats[0]!, me)).toBe(true);
    const row = await t.db.kysely
      .selectFrom('order_payments')
      .select(['provider', 'provider_ref'])
      .where('reservation_identifier', '=', action.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(row.provider).toBe('paypal');
    expect(local.captures.has(row.provider_ref!)).toBe(true);
  });

  it('a declined capture fails the order, charging nothing, with the seats still held', async () => {
    const { me, key, body, to, seats } = await onPayPal('pay');
    local.declineNextCapture();
    const res = await commit(t.app, me, key, { ...body, cart: { ...body.cart, paypal: approval(to) } });
    expect(errorOf(res)).toMatchObject({ status: 402 });
    expect(await shop.sold(seats[0]!, me)).toBe(false);
  });

  it("PayPal's webhook, twice and before the payer is back, confirms the order once", async () => {
    local.webhooks({ url: `${t.config.publicUrl}/api/payments/paypal/webhook`, twice: true });
    const received: string[] = [];
    // The test's box office answers in-process: PayPal's deliveries are relayed to it here.
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith(t.config.publicUrl)) return original(input, init);
      received.push(url);
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: init?.headers as Record<string, string>,
        payload: init?.body as string,
      });
      return new Response(res.body, { status: res.statusCode });
    }) as typeof fetch;
    try {
      const { action } = await onPayPal('pay');
      await expect
        .poll(async () => {
          const o = await t.db.kysely
            .selectFrom('orders')
            .select('state')
            .where('reservation_identifier', '=', action.reservationIdentifier)
            .executeTakeFirstOrThrow();
          return o.state;
        })
        .toBe('paid');
      const rows = () =>
        t.db.kysely.selectFrom('provider_events').selectAll().where('provider', '=', 'paypal').execute();
      // Two deliveries of each event, one row each: approved, then the capture the box office made.
      await expect
        .poll(async () => new Set((await rows()).map((r) => r.event_type)))
        .toEqual(new Set(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']));
      await expect.poll(() => received.length).toBe(4);
      expect(await rows()).toHaveLength(2);
      expect([...local.captures.values()].filter((c) => c.custom_id === action.paymentId)).toHaveLength(1);
    } finally {
      globalThis.fetch = original;
      local.webhooks(null);
    }
  });

  it('a forged event is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 'made-up' },
      payload: { id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'webhook_signature_invalid' });
  });

  it('a cancellation in the personal area refunds part of the capture once', async () => {
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
    const { me, key, body, action, to } = await onPayPal('pay', dana);
    const done = await commit(
      t.app,
      me,
      key,
      { ...body, cart: { ...body.cart, paypal: approval(to) } },
      dana,
    );
    expect(done.statusCode, done.body).toBe(200);
    const rid = action.reservationIdentifier;
    const cancel = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { refund } = cancel.json() as { refund: number };
    const row = await t.db.kysely
      .selectFrom('order_payments')
      .select(['provider_ref', 'amount'])
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    const capture = local.captures.get(row.provider_ref!)!;
    expect(capture.refunded).toBe(refund);
    expect(refund).toBeLessThan(row.amount);
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
  });
});
