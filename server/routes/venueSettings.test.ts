import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { loadConfig } from '../config.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { loadSettings } from '../settings.ts';
import { commit, errorOf, loginByEmail, type SeatShop, sandboxOf, seatShop } from '../testing/checkout.ts';
import { listPresentations, lock, lockBody, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, visitor } from '../testing/harness.ts';

/** A box office started with a venue's settings file; `close` removes both. */
async function withSettings(dialect: (typeof dialects)[number], settings: object) {
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  const file = join(dir, 'settings.json');
  writeFileSync(file, JSON.stringify(settings));
  const t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
  return {
    t,
    close: async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const DANA = DEMO_CUSTOMERS[0]!;

describe('settings the box office refuses to start with', () => {
  const fileWith = (settings: object) => {
    const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
    writeFileSync(file, JSON.stringify(settings));
    return loadConfig({ SETTINGS_FILE: file });
  };

  it('names the payment provider and PayPal settings that cannot work', () => {
    expect(() => loadSettings(fileWith({ payment: { provider: 'acme-pay' } }))).toThrow(
      /payment.provider "acme-pay" is not available/,
    );
    expect(() => loadSettings(fileWith({ payment: { paypal: { isActive: true, clientId: null } } }))).toThrow(
      /clientId is required/,
    );
    expect(() => loadSettings(fileWith({ payment: { paypal: { environment: 'production' } } }))).toThrow(
      /"production" needs PAYPAL_CLIENT_SECRET/,
    );
  });

  it('Stripe: its keys come from the environment, checked at start; its card fields replace the form', () => {
    expect(() => loadSettings(fileWith({ payment: { provider: 'stripe' } }))).toThrow(
      /needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(
      /one is a test key, the other a live key[\s\S]*STRIPE_WEBHOOK_SECRET: required/,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
    writeFileSync(file, JSON.stringify({ payment: { provider: 'stripe', maxNumberOfPayments: 6 } }));
    const s = loadSettings(
      loadConfig({
        SETTINGS_FILE: file,
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    );
    expect(s.payment).toMatchObject({
      cardFields: 'provider',
      stripe: { publishableKey: 'pk_test_x', jsUrl: 'https://js.stripe.com/v3/' },
      maxNumberOfPayments: 1,
    });
    expect(() =>
      loadSettings(
        loadConfig({
          SETTINGS_FILE: (() => {
            const f = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
            writeFileSync(
              f,
              JSON.stringify({ payment: { provider: 'stripe', paypal: { isActive: true, clientId: 'x' } } }),
            );
            return f;
          })(),
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
        }),
      ),
    ).toThrow(/needs PAYPAL_CLIENT_SECRET/);
    // A real provider starts from the spec's defaults: PayPal, Blik and the payment page are the venue's to switch on.
    expect(s.payment.paypal.isActive).toBe(false);
    expect(JSON.stringify(s)).not.toContain('sk_test_x');
    expect(JSON.stringify(s)).not.toContain('whsec_x');
  });

  it('turns the card form off and the payment page on without direct payment', () => {
    const s = loadSettings(fileWith({ payment: { isDirectPayment: false, methods: { redirect: false } } }));
    expect(s.payment.methods).toMatchObject({ card: false, redirect: true });
  });
});

describe.each(dialects)('the venue settings the box office enforces, on %s', (dialect) => {
  describe('authRequired', () => {
    let env: Awaited<ReturnType<typeof withSettings>>;
    let shop: SeatShop;
    beforeAll(async () => {
      env = await withSettings(dialect, { authRequired: true });
      shop = await seatShop(env.t);
    });
    afterAll(async () => env?.close());

    it('refuses a visitor who is not logged in, and sells to a customer who is', async () => {
      const me = visitor();
      const seats = await shop.hold(me, 1);
      const body = shop.cart(seats);
      expect(errorOf(await commit(env.t.app, me, crypto.randomUUID(), body))).toMatchObject({
        status: 401,
        code: 'not_logged_in',
      });
      expect(await sandboxOf(env.t).ledger()).toHaveLength(0);
      const cookie = await loginByEmail(env.t.app, DANA);
      const res = await commit(env.t.app, me, crypto.randomUUID(), body, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'completed' });
    });
  });

  describe('voucher payments, the video cart flag and business ids', () => {
    let env: Awaited<ReturnType<typeof withSettings>>;
    let shop: SeatShop;
    beforeAll(async () => {
      env = await withSettings(dialect, {
        customerInfo: { order: { isVoucherPaymentEnabled: false } },
        cart: { isVideoCartEnabled: false },
      });
      shop = await seatShop(env.t);
    });
    afterAll(async () => env?.close());

    it('refuses voucher payments where the flow takes none', async () => {
      const me = visitor();
      const seats = await shop.hold(me, 1);
      const body: CommitBody = shop.cart(seats, {
        voucherPayments: [{ systemVoucher: 'GIFT-500-SANDBOX', amount: 100 }],
      });
      expect(errorOf(await commit(env.t.app, me, crypto.randomUUID(), body))).toMatchObject({
        status: 403,
        code: 'voucher_payment_not_enabled',
      });
    });

    it('neither lists nor sells video on demand when the cart flag is off', async () => {
      const all = await listPresentations(env.t.app);
      expect(all.length).toBeGreaterThan(0);
      expect(all.some((p) => p.isVod)).toBe(false);
      const res = await commit(env.t.app, visitor(), crypto.randomUUID(), {
        cart: {
          customerInfo: shop.cart([]).cart.customerInfo,
          seats: [],
          products: [],
          videos: [{ presentationId: 1, ticketId: 1 }],
          creditcardInfo: shop.cart([]).cart.creditcardInfo,
        },
      } as CommitBody);
      expect(errorOf(res)).toMatchObject({ status: 409, code: 'video_not_sold_online' });
    });
  });

  describe('business ids', () => {
    let env: Awaited<ReturnType<typeof withSettings>>;
    let other: PresentationSummary;
    beforeAll(async () => {
      // Which business ids the demo has: the shop sells for the first one only.
      const probe = await createTestApp(dialect);
      const all = await listPresentations(probe.app);
      await probe.close();
      const ids = [...new Set(all.map((p) => p.businessId))].sort((a, b) => a - b);
      env = await withSettings(dialect, { businessIds: [ids[0]] });
      other = all.find((p) => p.businessId !== ids[0] && p.isReserved && !p.isVod) ?? all[0]!;
      expect(ids.length, 'the demo has more than one business').toBeGreaterThan(1);
    });
    afterAll(async () => env?.close());

    it("shows only the shop's own businesses, and another's presentation does not exist here", async () => {
      const listed = await listPresentations(env.t.app);
      expect(listed.length).toBeGreaterThan(0);
      expect(new Set(listed.map((p) => p.businessId)).size).toBe(1);
      const res = await env.t.app.inject({ method: 'GET', url: `/api/presentations/${other.id}` });
      expect(errorOf(res)).toMatchObject({ status: 404, code: 'event_not_found' });
      const groups = await env.t.app.inject({
        method: 'GET',
        url: `/api/presentations/${other.id}/ticketGroups`,
      });
      expect(errorOf(groups)).toMatchObject({ status: 404, code: 'event_not_found' });
      // Nor can its seats be locked or bought by a caller who skips the shop.
      const [seat] = await plainFreeSeats(env.t.app, other);
      const me = visitor();
      expect(errorOf(await lock(env.t.app, me, lockBody(other, seat!)))).toMatchObject({
        status: 404,
        code: 'event_not_found',
      });
    });
  });

  describe("PayPal's no-shipping flag", () => {
    let env: Awaited<ReturnType<typeof withSettings>>;
    let shop: SeatShop;
    beforeAll(async () => {
      env = await withSettings(dialect, { payment: { paypal: { noShipping: false } } });
      shop = await seatShop(env.t);
    });
    afterAll(async () => env?.close());

    it('asks PayPal for the payer’s address when the venue ships', async () => {
      const me = visitor();
      const seats = await shop.hold(me, 1);
      const body = shop.cart(seats, { paymentMethod: 'paypal', creditcardInfo: undefined }, '/order/1');
      const res = await commit(env.t.app, me, crypto.randomUUID(), body);
      expect(res.statusCode, res.body).toBe(200);
      const url = (res.json() as { action: { url: string } }).action.url;
      const page = await env.t.app.inject({ method: 'GET', url });
      expect(page.body).toContain('data-testid="paypal-ship-to"');
      const [row] = await sandboxOf(env.t).ledger();
      expect(row).toMatchObject({ kind: 'paypal', shipping_preference: 'GET_FROM_FILE' });
    });
  });
});
