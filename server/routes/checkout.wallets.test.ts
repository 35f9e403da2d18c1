import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema, CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { reconcile } from '../services/checkout/reconciler.ts';
import { checkoutDeps } from './checkout.ts';
import {
  acquirerIdOf,
  approvedCharges,
  cancelPayment,
  commit,
  errorOf,
  goodCard,
  newBlikCode,
  paymentStatus,
  postForm,
  type SeatShop,
  sandboxOf,
  seatShop,
} from '../testing/checkout.ts';
import type { FreeSeat } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const RETURN = '/order/checkout';

describe.each(dialects)('wallets and payment pages on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  const charges = async () => (await approvedCharges(t)).length;

  /** Holds seats and commits them with a method that sends the customer elsewhere; answers the action. */
  async function started(extra: Partial<CommitBody['cart']>, me = visitor(), seats?: FreeSeat[]) {
    seats ??= await shop.hold(me, 1);
    const key = crypto.randomUUID();
    const body = shop.cart(seats, { creditcardInfo: undefined, ...extra }, RETURN);
    const res = await commit(t.app, me, key, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutActionSchema.parse(res.json());
    return { me, seats, key, body, answer, rid: answer.reservationIdentifier };
  }

  /** Follows a 303 of a sandbox page back to the shop: the path and its query. */
  function backToShop(res: { statusCode: number; headers: Record<string, unknown> }) {
    expect(res.statusCode).toBe(303);
    const url = new URL(res.headers.location as string, 'http://shop.test');
    return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  describe('PayPal', () => {
    /** Starts a PayPal payment and has the payer approve it; answers where PayPal sends them back. */
    async function approved() {
      const s = await started({ paymentMethod: 'paypal' });
      expect(s.answer).toMatchObject({ method: 'paypal', action: { type: 'redirect', provider: 'paypal' } });
      const url = (s.answer.action as { url: string }).url;
      const token = /^\/sandbox\/paypal\/checkoutnow\?token=([A-Z0-9]+)$/.exec(url)?.[1];
      expect(token, url).toBeDefined();
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`action="/sandbox/paypal/${token}/approve"`);
      const back = backToShop(await postForm(t.app, `/sandbox/paypal/${token}/approve`));
      return { ...s, token: token!, back };
    }
    const withApproval = (body: CommitBody, paypal: NonNullable<CommitBody['cart']['paypal']>) => ({
      ...body,
      cart: { ...body.cart, paypal },
    });

    it('sends the payer to PayPal and back, and captures the payment on the repeated commit', async () => {
      const before = await charges();
      const { me, key, body, answer, rid, token, back, seats } = await approved();
      expect(back.path).toBe(RETURN);
      expect(back.query).toEqual({
        checkout: 'return',
        reservation: rid,
        token,
        PayerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
      });
      expect(await charges()).toBe(before);
      const approval = {
        payerId: back.query.PayerID!,
        token: back.query.token!,
        orderId: back.query.token!,
        amount: answer.amount,
      };
      const res = await commit(t.app, me, key, withApproval(body, approval));
      expect(res.statusCode, res.body).toBe(200);
      expect(CheckoutCompletedSchema.parse(res.json())).toMatchObject({
        reservationIdentifier: rid,
        payments: [{ method: 'paypal', amount: shop.seatPrice, brand: null, last4: null }],
      });
      expect(await charges()).toBe(before + 1);
      expect(await sandboxOf(t).find(answer.paymentId)).toMatchObject({ status: 'captured' });
      expect(await shop.sold(seats[0]!, me)).toBe(true);
      // The same approval again (a reload of the return page) captures nothing more.
      expect((await commit(t.app, me, key, withApproval(body, approval))).json().status).toBe('completed');
      expect((await paymentStatus(t.app, me, rid)).json().status).toBe('completed');
      expect(await charges()).toBe(before + 1);
    });

    it('answers wallet_error for an approval that is not PayPal’s, capturing nothing with it', async () => {
      const before = await charges();
      const { me, key, body, back, rid } = await approved();
      const approval = { payerId: 'SOMEONEELSE12', token: back.query.token!, orderId: back.query.token! };
      const wrong = await commit(t.app, me, key, withApproval(body, approval));
      expect(errorOf(wrong)).toMatchObject({ status: 402, code: 'wallet_error' });
      const otherOrder = await commit(
        t.app,
        me,
        key,
        withApproval(body, { ...approval, orderId: 'NOTTHISORDER1234' }),
      );
      expect(errorOf(otherOrder)).toMatchObject({ status: 402, code: 'wallet_error' });
      expect(await charges()).toBe(before);
      // The payer's own approval still completes the order.
      const right = { payerId: back.query.PayerID!, token: back.query.token!, orderId: back.query.token! };
      const res = await commit(t.app, me, key, withApproval(body, right));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'completed', reservationIdentifier: rid });
      expect(await charges()).toBe(before + 1);
    });

    it('fails the order with wallet_cancelled when the payer cancels on PayPal; the seats stay held', async () => {
      const before = await charges();
      const { me, seats, answer, rid } = await started({ paymentMethod: 'paypal' });
      const token = (answer.action as { url: string }).url.split('token=')[1]!;
      const back = backToShop(await postForm(t.app, `/sandbox/paypal/${token}/cancel`));
      expect(back).toEqual({ path: RETURN, query: { checkout: 'cancel', reservation: rid, token } });
      const cancelled = await cancelPayment(t.app, me, rid);
      expect(cancelled.json()).toEqual({ reservationIdentifier: rid, state: 'failed' });
      expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({
        status: 409,
        code: 'wallet_cancelled',
      });
      expect(await shop.held(me)).toContain(seats[0]!.key);
      // PayPal's page is gone for this payment.
      expect(
        (await t.app.inject({ method: 'GET', url: (answer.action as { url: string }).url })).statusCode,
      ).toBe(404);
      expect(await charges()).toBe(before);
    });

    it('captures an approval the customer never brought back when the reconciler runs', async () => {
      const { me, rid, answer, seats } = await approved();
      const captured = async () =>
        (await approvedCharges(t)).filter((c) => c.reference === answer.paymentId && c.status === 'captured');
      expect(await captured()).toHaveLength(0);
      t.clock.advance(1000);
      const report = await reconcile(checkoutDeps(t.app), 0);
      expect(report.confirmed).toBeGreaterThanOrEqual(1);
      expect(await captured()).toHaveLength(1);
      expect((await reconcile(checkoutDeps(t.app), 0)).confirmed).toBe(0);
      const status = await paymentStatus(t.app, me, rid);
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json()).toMatchObject({ status: 'completed', payments: [{ method: 'paypal' }] });
      expect(await shop.sold(seats[0]!, me)).toBe(true);
      expect(await captured()).toHaveLength(1);
    });
  });

  describe('Blik', () => {
    const blik = (code: string) => ({ paymentMethod: 'blik' as const, blikCode: code });
    async function decide(paymentId: string, decision: 'approve' | 'decline') {
      const id = await acquirerIdOf(t, paymentId);
      const app = await t.app.inject({ method: 'GET', url: '/sandbox/blik' });
      expect(app.body).toContain(`action="/sandbox/blik/${id}/${decision}"`);
      const res = await postForm(t.app, `/sandbox/blik/${id}/${decision}`);
      expect(res.statusCode).toBe(200);
      return res;
    }

    it('waits for the confirmation in the banking app, then completes the order', async () => {
      const before = await charges();
      const { me, rid, answer, seats } = await started(blik(await newBlikCode(t.app)));
      expect(answer).toMatchObject({ method: 'blik', amount: shop.seatPrice, action: { type: 'blik' } });
      const expiresAt = Date.parse((answer.action as { expiresAt: string }).expiresAt);
      expect(expiresAt - t.clock.now()).toBe(t.config.sandboxBlikApprovalSeconds * 1000);
      expect((await paymentStatus(t.app, me, rid)).json()).toMatchObject({ status: 'action_required' });
      expect((await decide(answer.paymentId, 'approve')).body).toContain('class="ok"');
      const done = await paymentStatus(t.app, me, rid);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        status: 'completed',
        payments: [{ method: 'blik', amount: shop.seatPrice }],
      });
      expect(await charges()).toBe(before + 1);
      expect(await shop.sold(seats[0]!, me)).toBe(true);
    });

    it('answers blik_declined when the customer declines in the app', async () => {
      const { me, rid, answer, seats } = await started(blik(await newBlikCode(t.app)));
      await decide(answer.paymentId, 'decline');
      expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({
        status: 402,
        code: 'blik_declined',
      });
      expect(await shop.held(me)).toContain(seats[0]!.key);
    });

    it('refuses a code the app never issued, and a code used once already', async () => {
      const issued = new Set(
        (await t.db.kysely.selectFrom('sandbox_blik_codes').select('code').execute()).map((r) => r.code),
      );
      let unknown = 100_000;
      while (issued.has(String(unknown))) unknown++;
      const me = visitor();
      const seats = await shop.hold(me, 1);
      const cart = (code: string) => shop.cart(seats, { creditcardInfo: undefined, ...blik(code) }, RETURN);
      const never = await commit(t.app, me, crypto.randomUUID(), cart(String(unknown)));
      expect(errorOf(never)).toMatchObject({ status: 402, code: 'blik_code_invalid' });
      expect(await shop.held(me)).toContain(seats[0]!.key);

      const code = await newBlikCode(t.app);
      const first = await started(blik(code));
      expect(first.answer.action.type).toBe('blik');
      const twice = await commit(t.app, me, crypto.randomUUID(), cart(code));
      expect(errorOf(twice)).toMatchObject({ status: 402, code: 'blik_code_invalid' });
      expect(await shop.held(me)).toContain(seats[0]!.key);
    });

    it('refuses a code older than two minutes with blik_code_expired', async () => {
      const code = await newBlikCode(t.app);
      const me = visitor();
      const seats = await shop.hold(me, 1);
      t.clock.advance(121_000);
      try {
        const res = await commit(
          t.app,
          me,
          crypto.randomUUID(),
          shop.cart(seats, { creditcardInfo: undefined, ...blik(code) }),
        );
        expect(errorOf(res)).toMatchObject({ status: 402, code: 'blik_code_expired' });
        expect(await shop.held(me)).toContain(seats[0]!.key);
      } finally {
        t.clock.advance(-121_000);
      }
    });

    it('answers blik_timeout when the payment is not confirmed in time; the seats stay held', async () => {
      const before = await charges();
      const { me, rid, answer, seats } = await started(blik(await newBlikCode(t.app)));
      t.clock.advance(61_000);
      try {
        expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({
          status: 402,
          code: 'blik_timeout',
        });
        // The app no longer offers it, and a late approval changes nothing.
        const id = await acquirerIdOf(t, answer.paymentId);
        expect((await t.app.inject({ method: 'GET', url: '/sandbox/blik' })).body).not.toContain(id);
        await postForm(t.app, `/sandbox/blik/${id}/approve`);
        expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({ code: 'blik_timeout' });
        expect(await shop.held(me)).toContain(seats[0]!.key);
      } finally {
        t.clock.advance(-61_000);
      }
      expect(await charges()).toBe(before);
    });
  });

  describe('the hosted payment page', () => {
    async function opened() {
      const s = await started({ paymentMethod: 'redirect' });
      expect(s.answer).toMatchObject({
        method: 'redirect',
        action: { type: 'redirect', provider: 'hosted' },
      });
      const url = (s.answer.action as { url: string }).url;
      expect(url).toMatch(/^\/sandbox\/pay\/[\w-]+$/);
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      for (const field of ['number', 'expiry', 'cvv', 'holderId'])
        expect(page.body).toContain(`name="${field}"`);
      return { ...s, url };
    }
    const typed = (number: string) => ({ ...goodCard, number });

    it('takes the card on the page, sends the customer back, and completes; the box office never sees the number', async () => {
      const before = await charges();
      const { me, rid, url, body, seats } = await opened();
      expect(JSON.stringify(body)).not.toMatch(/4111|creditcard/i);
      const back = backToShop(await postForm(t.app, url, typed('4111 1111 1111 1111')));
      expect(back).toEqual({
        path: RETURN,
        query: { checkout: 'return', reservation: rid, Response: '000' },
      });
      const done = await paymentStatus(t.app, me, rid);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        status: 'completed',
        payments: [{ method: 'redirect', amount: shop.seatPrice, brand: 'visa', last4: '1111' }],
      });
      expect(await charges()).toBe(before + 1);
      expect(await shop.sold(seats[0]!, me)).toBe(true);
      const rows = await t.db.kysely
        .selectFrom('order_payments')
        .selectAll()
        .where('reservation_identifier', '=', rid)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toMatch(/4111111111111111|4111 1111|"123"/);
      // The page is closed once paid.
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });

    it('answers payment_provider_error with the page’s message for a declined card', async () => {
      const { me, rid, url, seats } = await opened();
      const back = backToShop(await postForm(t.app, url, typed(SANDBOX_CARDS.insufficientFunds)));
      expect(back.query).toEqual({ checkout: 'return', reservation: rid, Response: '051' });
      const res = await paymentStatus(t.app, me, rid);
      expect(errorOf(res)).toMatchObject({
        status: 402,
        code: 'payment_provider_error',
        params: { reason: 'insufficient_funds', message: expect.stringContaining('051') },
      });
      expect(await shop.held(me)).toContain(seats[0]!.key);
    });

    it('answers payment_cancelled when the customer cancels on the page', async () => {
      const before = await charges();
      const { me, rid, url, seats } = await opened();
      const back = backToShop(await postForm(t.app, `${url}/cancel`));
      expect(back).toEqual({
        path: RETURN,
        query: { checkout: 'cancel', reservation: rid, Response: 'cancelled' },
      });
      expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({
        status: 409,
        code: 'payment_cancelled',
      });
      expect(await shop.held(me)).toContain(seats[0]!.key);
      // A card typed on the page after that is refused: the payment is closed, and not approved.
      const late = backToShop(await postForm(t.app, url, typed('4111111111111111')));
      expect(late.query.Response).toBe('999');
      expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({ code: 'payment_cancelled' });
      expect(await charges()).toBe(before);
    });
  });
});
