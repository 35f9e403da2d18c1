import { describe, expect, it } from 'vitest';
import { PayPalRestProvider } from './adapter.ts';

/**
 * The opt-in smoke test against PayPal's own sandbox (issue 38): skipped unless PAYPAL_SMOKE_CLIENT_ID and
 * PAYPAL_SMOKE_CLIENT_SECRET hold a sandbox REST app's credentials. A venue runs it before going live:
 *   PAYPAL_SMOKE_CLIENT_ID=… PAYPAL_SMOKE_CLIENT_SECRET=… npx vitest run server/services/payments/paypal/smoke.test.ts
 * A payer's approval needs a person on PayPal's page, so it checks what the box office does alone: the
 * token, the order with its approval link, the same order for a retried create, and what an order not yet
 * approved answers to a capture and a status question. PAYPAL_SMOKE_API_URL points it elsewhere (the local
 * PayPal-format server, to check the test itself).
 */
const clientId = process.env.PAYPAL_SMOKE_CLIENT_ID ?? '';
const clientSecret = process.env.PAYPAL_SMOKE_CLIENT_SECRET ?? '';
const currency = process.env.PAYPAL_SMOKE_CURRENCY ?? 'ILS';

describe.skipIf(!clientId || !clientSecret)("the PayPal adapter against PayPal's sandbox", () => {
  const paypal = new PayPalRestProvider({
    clientId,
    clientSecret,
    apiBase: process.env.PAYPAL_SMOKE_API_URL ?? 'https://api-m.sandbox.paypal.com',
    webhookId: null,
    publicUrl: 'https://shop.example',
  });
  const request = () => ({
    reference: `pay_smoke_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`,
    amount: 5_000,
    currency,
    description: 'smoke test',
    numberOfPayments: 1,
    returnPath: '/order/1?checkout=return',
    cancelPath: '/order/1?checkout=cancel',
    method: 'paypal' as const,
    clientId,
    shipping: 'NO_SHIPPING' as const,
  });

  it('creates an order with its approval link, once for a retried create', async () => {
    const req = request();
    const first = await paypal.initiate(req);
    expect(first).toMatchObject({ status: 'action', action: { type: 'redirect', provider: 'paypal' } });
    expect((first as { action: { url: string } }).action.url).toMatch(/\/checkoutnow\?token=/);
    const again = await paypal.initiate(req);
    expect(again.providerRef).toBe(first.providerRef);
    expect(await paypal.status(req.reference, first.providerRef)).toMatchObject({ status: 'action' });
  }, 30_000);

  it('a capture before the payer approved is refused, and nothing is paid', async () => {
    const req = request();
    const order = await paypal.initiate(req);
    // PayPal answers 422 ORDER_NOT_APPROVED: a declined PayPal payment, never an approved one.
    const outcome = await paypal.capture(req.reference, {
      orderId: order.providerRef,
      payerId: 'NOTAPPROVED',
    });
    expect(outcome).toMatchObject({ status: 'declined', reason: 'wallet_declined' });
  }, 30_000);
});
