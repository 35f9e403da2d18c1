import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema, CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  answerChallenge,
  approvedCharges,
  cancelPayment,
  commit,
  errorOf,
  goodCard,
  paymentStatus,
  postForm,
  type SeatShop,
  sandboxOf,
  seatShop,
} from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const card = (number: string) => ({ creditcardInfo: { ...goodCard, number } });

describe.each(dialects)('paying by card on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  const charges = async () => (await approvedCharges(t)).length;

  /** Commits a card the issuer challenges; answers the action and how to go on with it. */
  async function challenged(me: string, seatCount = 1, number: string = SANDBOX_CARDS.challenge) {
    const seats = await shop.hold(me, seatCount);
    const key = crypto.randomUUID();
    const body = shop.cart(seats, card(number));
    const res = await commit(t.app, me, key, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutActionSchema.parse(res.json());
    expect(answer.action.type).toBe('challenge');
    const url = (answer.action as { url: string }).url;
    return { seats, key, body, answer, url, rid: answer.reservationIdentifier };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  it('completes at once with a card that needs no challenge (two seats taken a minute apart)', async () => {
    const me = visitor();
    // Held at different times, the seats are claimed with different expiries, in one statement.
    const seats = await shop.hold(me, 1);
    t.clock.advance(60_000);
    seats.push(...(await shop.hold(me, 1)));
    const before = await charges();
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, card(SANDBOX_CARDS.approveMastercard)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    expect(answer.payments).toMatchObject([
      { method: 'card', amount: 2 * shop.seatPrice, brand: 'mastercard', last4: '4444', numberOfPayments: 1 },
    ]);
    expect(answer.payments[0]!.approvalCode).toMatch(/^\d{6}$/);
    expect(await charges()).toBe(before + 1);
    for (const s of seats) expect(await shop.sold(s, me)).toBe(true);
  });

  it('asks for a 3-D Secure challenge, and completes the order once the customer approves it', async () => {
    const me = visitor();
    const before = await charges();
    const { seats, answer, url, rid } = await challenged(me);
    expect(url).toMatch(/^\/sandbox\/3ds\/[\w-]+$/);
    expect(answer).toMatchObject({ method: 'card', amount: shop.seatPrice });
    expect(Date.parse(answer.paymentDeadline)).toBe(t.clock.now() + t.config.paymentWindowSeconds * 1000);
    // Nothing is charged and the seat is not sold while the challenge is open.
    expect(await charges()).toBe(before);
    expect((await paymentStatus(t.app, me, rid)).json()).toMatchObject({ status: 'action_required' });

    const bank = await answerChallenge(t.app, url, 'approve');
    expect(bank.statusCode).toBe(200);
    expect(bank.body).toContain('data-testid="bank-done"');
    const done = await paymentStatus(t.app, me, rid);
    expect(done.statusCode, done.body).toBe(200);
    expect(CheckoutCompletedSchema.parse(done.json())).toMatchObject({
      reservationIdentifier: rid,
      payments: [{ method: 'card', amount: shop.seatPrice, last4: '3220', brand: 'visa' }],
    });
    expect(await charges()).toBe(before + 1);
    expect(await shop.sold(seats[0]!, me)).toBe(true);
    // The bank's page has nothing more to ask; asking again changes nothing.
    expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('name="decision"');
    expect((await paymentStatus(t.app, me, rid)).json().status).toBe('completed');
    expect(await charges()).toBe(before + 1);
  });

  it('answers three_ds_failed when the challenge fails, keeps the seats held, and a good card buys them', async () => {
    const me = visitor();
    const before = await charges();
    const { seats, url, rid } = await challenged(me);
    await answerChallenge(t.app, url, 'fail');
    const failed = await paymentStatus(t.app, me, rid);
    expect(errorOf(failed)).toMatchObject({ status: 402, code: 'three_ds_failed' });
    // Asked again, the order answers the same failure.
    expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({ code: 'three_ds_failed' });
    expect(await shop.held(me)).toContain(seats[0]!.key);
    expect(await charges()).toBe(before);

    const paid = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().reservationIdentifier).not.toBe(rid);
    expect(await charges()).toBe(before + 1);
    expect(await shop.sold(seats[0]!, me)).toBe(true);
  });

  it('answers errorResponse when the issuer declines after an approved challenge', async () => {
    const me = visitor();
    const before = await charges();
    const { seats, url, rid } = await challenged(me, 1, SANDBOX_CARDS.challengeThenDecline);
    await answerChallenge(t.app, url, 'approve');
    const res = await paymentStatus(t.app, me, rid);
    expect(errorOf(res)).toMatchObject({
      status: 402,
      code: 'errorResponse',
      params: { reason: 'declined' },
    });
    expect(await shop.held(me)).toContain(seats[0]!.key);
    expect(await charges()).toBe(before);
  });

  it('refuses the cards the issuer refuses, keeping the seats held and charging nothing', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      [SANDBOX_CARDS.authenticationFails, 'three_ds_failed'],
      [SANDBOX_CARDS.expired, 'errorResponse', { reason: 'card_expired' }],
      [SANDBOX_CARDS.decline, 'errorResponse', { reason: 'declined' }],
      [SANDBOX_CARDS.insufficientFunds, 'errorResponse', { reason: 'insufficient_funds' }],
    ];
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const before = await charges();
    for (const [number, code, params] of cases) {
      const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, card(number)));
      expect(errorOf(res), number).toMatchObject({ status: 402, code, ...(params ? { params } : {}) });
      expect(await shop.held(me)).toContain(seats[0]!.key);
    }
    expect(await charges()).toBe(before);
  });

  it('splits a total above ₪300 into instalments, and refuses more than the total allows', async () => {
    const me = visitor();
    const seats = await shop.hold(me, Math.floor(30_000 / shop.seatPrice) + 1);
    const total = seats.length * shop.seatPrice;
    expect(total).toBeGreaterThan(30_000);
    const max = Math.min(6, Math.floor(total / 10_000));
    const tooMany = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { numberOfPayments: max + 1 }),
    );
    expect(errorOf(tooMany)).toEqual({ status: 400, code: 'number_of_payments_invalid', params: { max } });
    const notByWallet = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { paymentMethod: 'paypal', creditcardInfo: undefined, numberOfPayments: 2 }),
    );
    expect(errorOf(notByWallet)).toEqual({
      status: 400,
      code: 'number_of_payments_invalid',
      params: { max: 1 },
    });

    const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, { numberOfPayments: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = CheckoutCompletedSchema.parse(res.json()).payments;
    expect(payment).toMatchObject({ method: 'card', amount: total, numberOfPayments: 3 });
    expect(payment!.firstPayment + 2 * payment!.otherPayments).toBe(total);
    expect(payment!.firstPayment).toBeGreaterThanOrEqual(payment!.otherPayments);
    const charge = (await sandboxOf(t).ledger()).at(-1)!;
    expect(charge).toMatchObject({ amount: total, number_of_payments: 3, status: 'approved' });
  });

  it('answers a repeated commit with the open challenge, then with the completed order, charging once', async () => {
    const me = visitor();
    const before = await charges();
    const ledgerBefore = (await sandboxOf(t).ledger()).length;
    const { key, body, answer, url, rid } = await challenged(me);
    const again = await commit(t.app, me, key, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answer);
    expect(await sandboxOf(t).ledger()).toHaveLength(ledgerBefore + 1);

    await answerChallenge(t.app, url, 'approve');
    const replays = [await commit(t.app, me, key, body), await commit(t.app, me, key, body)];
    for (const r of replays) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: 'completed', reservationIdentifier: rid });
    }
    expect(replays[1]!.json()).toEqual(replays[0]!.json());
    expect(await charges()).toBe(before + 1);
    expect(await sandboxOf(t).ledger()).toHaveLength(ledgerBefore + 1);
  });

  it('fails the order when the customer cancels during the challenge; the seats stay held', async () => {
    const me = visitor();
    const before = await charges();
    const { seats, url, rid } = await challenged(me);
    expect(errorOf(await cancelPayment(t.app, visitor(), rid))).toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
    const cancelled = await cancelPayment(t.app, me, rid);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ reservationIdentifier: rid, state: 'failed' });
    expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({
      status: 409,
      code: 'payment_cancelled',
    });
    // The bank's page no longer takes an answer.
    expect((await postForm(t.app, url, { decision: 'approve' })).body).not.toContain('class="ok"');
    expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({ code: 'payment_cancelled' });
    expect(await shop.held(me)).toContain(seats[0]!.key);
    expect(await charges()).toBe(before);
    // Cancelling again answers the same.
    expect((await cancelPayment(t.app, me, rid)).json()).toEqual({
      reservationIdentifier: rid,
      state: 'failed',
    });
  });

  it('completes the order when the cancel comes after the bank approved, answering last_commit_error', async () => {
    const me = visitor();
    const before = await charges();
    const { seats, url, rid } = await challenged(me);
    await answerChallenge(t.app, url, 'approve');
    const late = await cancelPayment(t.app, me, rid);
    expect(errorOf(late)).toMatchObject({
      status: 409,
      code: 'last_commit_error',
      params: { reservationIdentifier: rid },
    });
    expect((await paymentStatus(t.app, me, rid)).json()).toMatchObject({ status: 'completed' });
    expect(await charges()).toBe(before + 1);
    expect(await shop.sold(seats[0]!, me)).toBe(true);
  });

  it('gives up a challenge left open past the payment window', async () => {
    const me = visitor();
    const before = await charges();
    const { seats, url, rid } = await challenged(me);
    const windowMs = t.config.paymentWindowSeconds * 1000;
    t.clock.advance(windowMs + 1000);
    try {
      const res = await paymentStatus(t.app, me, rid);
      expect(errorOf(res)).toMatchObject({ status: 409, code: 'payment_expired' });
      // An approval after that is too late: the acquirer gave the payment up.
      expect((await postForm(t.app, url, { decision: 'approve' })).body).not.toContain('class="ok"');
      expect(errorOf(await paymentStatus(t.app, me, rid))).toMatchObject({ code: 'payment_expired' });
      expect(await shop.held(me)).toContain(seats[0]!.key);
    } finally {
      t.clock.advance(-(windowMs + 1000));
    }
    expect(await charges()).toBe(before);
  });

  it('answers order_not_found for another visitor’s payment or an unknown one', async () => {
    const me = visitor();
    const { rid } = await challenged(me);
    expect(errorOf(await paymentStatus(t.app, visitor(), rid))).toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
    expect(errorOf(await paymentStatus(t.app, me, 'ZZZZZZZZZZ'))).toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
    expect(errorOf(await paymentStatus(t.app, me, 'no-such'))).toMatchObject({
      status: 400,
      code: 'formValidation',
    });
  });
});

describe.each(dialects)('payment methods a venue switched off, on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  beforeAll(async () => {
    const file = join(dir, 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        payment: { methods: { card: false, blik: false, redirect: false }, paypal: { isActive: false } },
      }),
    );
    t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
    shop = await seatShop(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers payment_method_unavailable for each of them, charging nothing', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const cases: [Partial<CommitBody['cart']>, string][] = [
      [{}, 'card'],
      [{ paymentMethod: 'card' }, 'card'],
      [{ paymentMethod: 'paypal', creditcardInfo: undefined }, 'paypal'],
      [{ paymentMethod: 'blik', blikCode: '123456', creditcardInfo: undefined }, 'blik'],
      [{ paymentMethod: 'redirect', creditcardInfo: undefined }, 'redirect'],
    ];
    for (const [extra, method] of cases) {
      const res = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats, extra));
      expect(errorOf(res), method).toEqual({
        status: 409,
        code: 'payment_method_unavailable',
        params: { method },
      });
    }
    expect(await shop.held(me)).toContain(seats[0]!.key);
    expect(await sandboxOf(t).ledger()).toHaveLength(0);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(settings.payment.methods).toMatchObject({ card: false, blik: false, redirect: false });
  });
});

describe.each(dialects)('card brands a venue accepts, on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  beforeAll(async () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ payment: { acceptedBrands: ['visa'] } }));
    t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
    shop = await seatShop(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a card of a brand the venue does not accept, and takes one it does', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 1);
    const mastercard = { ...goodCard, number: SANDBOX_CARDS.approveMastercard };
    const refused = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      shop.cart(seats, { creditcardInfo: mastercard }),
    );
    expect(errorOf(refused)).toEqual({
      status: 409,
      code: 'payment_method_unavailable',
      params: { method: 'mastercard', field: 'number' },
    });
    expect(await sandboxOf(t).ledger()).toHaveLength(0);
    const paid = await commit(t.app, me, crypto.randomUUID(), shop.cart(seats));
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
