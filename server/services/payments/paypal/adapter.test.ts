import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentUnavailableError } from '../provider.ts';
import { PayPalRestProvider } from './adapter.ts';
import { type LocalPayPal, startLocalPayPal } from './local/server.ts';

describe('the PayPal adapter against a local PayPal-format server', () => {
  let local: LocalPayPal;
  let paypal: PayPalRestProvider;
  let n = 0;
  const base = () => ({
    reference: `pay_pp${++n}_${Date.now()}`,
    amount: 12_345,
    currency: 'ILS',
    description: `order r${n}`,
    numberOfPayments: 1,
    returnPath: '/order/1?checkout=return',
    cancelPath: '/order/1?checkout=cancel',
    method: 'paypal' as const,
    clientId: 'venue-app',
    shipping: 'NO_SHIPPING' as const,
  });
  const last = (path: string) => local.requests.filter((r) => r.path === path).at(-1)!;

  /** The payer on PayPal's page: "Pay Now" or "Cancel and return"; answers where PayPal sends them. */
  async function payer(url: string, answer: 'pay' | 'cancel') {
    const res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ answer }),
      redirect: 'manual',
    });
    return new URL(res.headers.get('location')!);
  }

  beforeAll(async () => {
    local = await startLocalPayPal({ clientSecret: 'venue-secret' });
    paypal = new PayPalRestProvider({
      clientId: 'venue-app',
      clientSecret: 'venue-secret',
      apiBase: local.url,
      webhookId: 'WH-VENUE',
      publicUrl: 'https://shop.test',
      timeoutMs: 1_500,
    });
  });
  afterAll(async () => local?.close());

  it('creates an Orders v2 order as PayPal documents it, and a retry is the same order', async () => {
    const req = base();
    const outcome = await paypal.initiate(req);
    expect(outcome).toMatchObject({ status: 'action', action: { type: 'redirect', provider: 'paypal' } });
    const token = last('/v1/oauth2/token');
    expect(token.method).toBe('POST');
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from('venue-app:venue-secret').toString('base64')}`,
    );
    expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token.body).toBe('grant_type=client_credentials');
    const create = last('/v2/checkout/orders');
    expect(create.method).toBe('POST');
    expect(create.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(create.headers['content-type']).toBe('application/json');
    expect(create.headers['paypal-request-id']).toBe(req.reference);
    expect(create.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: req.reference,
          custom_id: req.reference,
          description: req.description,
          amount: { currency_code: 'ILS', value: '123.45' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'https://shop.test/order/1?checkout=return',
            cancel_url: 'https://shop.test/order/1?checkout=cancel',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
          },
        },
      },
    });
    expect(await paypal.initiate(req)).toEqual(outcome);
    expect(local.orders.size).toBe(1);
    // The token is kept: one token call for both.
    expect(local.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('approved on PayPal: authorized, captured once, then refunded in part once per reference', async () => {
    const req = base();
    const started = await paypal.initiate(req);
    const back = await payer((started as { action: { url: string } }).action.url, 'pay');
    expect(back.origin + back.pathname).toBe('https://shop.test/order/1');
    expect(back.searchParams.get('token')).toBe(started.providerRef);
    const payerId = back.searchParams.get('PayerID')!;
    expect(await paypal.status(req.reference, started.providerRef)).toEqual({
      status: 'authorized',
      providerRef: started.providerRef,
      payerId,
    });
    const captured = await paypal.capture(req.reference, { orderId: started.providerRef, payerId });
    expect(captured).toMatchObject({ status: 'approved' });
    expect(last(`/v2/checkout/orders/${started.providerRef}/capture`).headers['paypal-request-id']).toBe(
      `capture:${req.reference}`,
    );
    // A capture retried after its answer was lost is the same capture.
    expect(await paypal.capture(req.reference, { orderId: started.providerRef, payerId })).toEqual(captured);
    expect(local.captures.size).toBeGreaterThanOrEqual(1);
    await paypal.refund(captured.providerRef, { amount: 2_000, reference: 'rf_1' });
    await paypal.refund(captured.providerRef, { amount: 2_000, reference: 'rf_1' });
    const refund = last(`/v2/payments/captures/${captured.providerRef}/refund`);
    expect(refund.headers['paypal-request-id']).toBe('refund:rf_1');
    expect(refund.body).toEqual({ amount: { currency_code: 'ILS', value: '20.00' } });
    expect(local.captures.get(captured.providerRef)!.refunded).toBe(2_000);
  });

  it("a declined capture is declined with PayPal's words; a cancelled payer leaves nothing to capture", async () => {
    const req = base();
    const started = await paypal.initiate(req);
    const back = await payer((started as { action: { url: string } }).action.url, 'pay');
    local.declineNextCapture();
    const outcome = await paypal.capture(req.reference, {
      orderId: started.providerRef,
      payerId: back.searchParams.get('PayerID')!,
    });
    expect(outcome).toMatchObject({ status: 'declined', reason: 'wallet_declined' });
    expect((outcome as { message: string }).message).toMatch(/declined/);

    const other = base();
    const open = await paypal.initiate(other);
    const cancelled = await payer((open as { action: { url: string } }).action.url, 'cancel');
    expect(cancelled.searchParams.get('checkout')).toBe('cancel');
    expect(await paypal.status(other.reference, open.providerRef)).toMatchObject({ status: 'action' });
    expect(await paypal.status(other.reference, null)).toBeNull();
  });

  it('no answer is PaymentUnavailableError', async () => {
    await paypal.initiate(base());
    local.failNext('error');
    await expect(paypal.initiate(base())).rejects.toBeInstanceOf(PaymentUnavailableError);
    local.failNext('hang');
    await expect(paypal.initiate(base())).rejects.toBeInstanceOf(PaymentUnavailableError);
  });

  it('verifies a webhook event through PayPal, and refuses one whose body was changed', async () => {
    const seen: { headers: Record<string, string>; body: string }[] = [];
    const { createServer } = await import('node:http');
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers as Record<string, string>, body });
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    local.webhooks({ url: `http://127.0.0.1:${(hook.address() as { port: number }).port}/` });
    const req = base();
    const started = await paypal.initiate(req);
    await payer((started as { action: { url: string } }).action.url, 'pay');
    await expect.poll(() => seen.length).toBe(1);
    const event = JSON.parse(seen[0]!.body) as { event_type: string; resource: { id: string } };
    expect(event.event_type).toBe('CHECKOUT.ORDER.APPROVED');
    expect(await paypal.verifyWebhook(seen[0]!.headers, event)).toBe(true);
    expect(last('/v1/notifications/verify-webhook-signature').body).toMatchObject({
      auth_algo: 'SHA256withRSA',
      transmission_id: seen[0]!.headers['paypal-transmission-id'],
      webhook_id: 'WH-VENUE',
      webhook_event: event,
    });
    expect(
      await paypal.verifyWebhook(seen[0]!.headers, { ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED' }),
    ).toBe(false);
    local.webhooks(null);
    hook.close();
  });
});
