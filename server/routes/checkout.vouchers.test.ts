import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutActionSchema, CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  approvedCharges,
  commit,
  goodCard,
  paymentStatus,
  sandboxOf,
  seatCart,
  ticketGroupsOf,
} from '../testing/checkout.ts';
import {
  addGiftCard,
  area,
  expectError,
  giftCardBalance,
  lockAll,
  loginByEmail,
  orderOf,
  rowCount,
  statusOf,
  voucherLookup,
} from '../testing/checkoutScenarios.ts';
import { listPresentations, type PlanSeatInfo, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const [DANA] = DEMO_CUSTOMERS;
const challengeCard = { ...goodCard, number: SANDBOX_CARDS.challenge };

describe.each(dialects)('paying by gift card on %s', (dialect) => {
  let t: TestApp;
  const pools: { p: PresentationSummary; groups: TicketGroup[]; seats: PlanSeatInfo[] }[] = [];

  /**
   * `n` free regular cinema seats of one presentation, locked for `uuid`, and the cart that buys them.
   * Carts racing each other take seats of different presentations (`from`), so that no seat or
   * presentation lock puts them in line before they reach the gift cards.
   */
  async function cartFor(uuid: string, n: number, extra: Partial<CommitBody['cart']> = {}, from = 0) {
    const pool = pools.slice(from).find((x) => x.seats.length >= n)!;
    const seats = pool.seats.splice(0, n);
    await lockAll(t.app, uuid, pool.p, seats);
    const body = seatCart(pool.p, pool.groups, seats, extra);
    return { body, seats, p: pool.p, total: n * (4200 + 500) };
  }
  const vouchers = (...pays: [string, number][]) =>
    pays.map(([systemVoucher, amount]) => ({ systemVoucher, amount }));
  const charges = async () => (await approvedCharges(t)).length;

  beforeAll(async () => {
    // The guessing script below stays under the commit rate, so the voucher-miss limit is what stops it.
    t = await createTestApp(dialect, { env: { LIMIT_COMMITS_PER_10MIN_PER_VISITOR: '100' } });
    const movies = (await listPresentations(t.app))
      .filter((p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11)
      .slice(0, 3);
    for (const p of movies)
      pools.push({
        p,
        groups: await ticketGroupsOf(t.app, p),
        seats: (await plainFreeSeats(t.app, p)).filter((s) => s.ticketGroupId === 1),
      });
  });
  afterAll(async () => t?.close());

  it('answers what a gift card can pay, and why a code cannot pay', async () => {
    const res = await voucherLookup(t.app, 'gift-150-sandbox');
    expect(res.statusCode, res.body).toBe(200);
    const endDate = (
      await t.db.kysely
        .selectFrom('system_vouchers')
        .select('end_date')
        .where('reference', '=', 'GIFT-150-SANDBOX')
        .executeTakeFirstOrThrow()
    ).end_date;
    expect(res.json()).toEqual({
      reference: 'GIFT-150-SANDBOX',
      name: expect.objectContaining({ en: 'Gift card' }),
      balance: 15_000,
      endDate: new Date(Number(endDate)).toISOString(),
    });
    const ticketVoucher = await t.db.kysely
      .selectFrom('system_vouchers')
      .select('reference')
      .where('class_id', '=', 1)
      .where('state', '=', 'active')
      .executeTakeFirstOrThrow();
    const cases: [string, number, string][] = [
      ['NO-SUCH-GIFT-CARD', 404, 'codeNotFound'],
      [ticketVoucher.reference, 409, 'voucher_not_for_payment'],
      [await addGiftCard(t, 5000, { state: 'cancelled' }), 409, 'SYSTEM_VOUCHER_NOT_ACTIVE'],
      [await addGiftCard(t, 5000, { isForReplacement: true }), 409, 'SYSTEM_VOUCHER_NOT_ACTIVE'],
      ['GIFT-EXPIRED-SANDBOX', 409, 'voucherExpired'],
      ['GIFT-EMPTY-SANDBOX', 409, 'voucherBalance'],
    ];
    for (const [reference, status, code] of cases)
      expectError(await voucherLookup(t.app, reference), status, code);
  });

  it('refuses the 31st unknown code from one address with too_many_attempts', async () => {
    const address = '10.20.30.40';
    for (let i = 0; i < 30; i++)
      expectError(await voucherLookup(t.app, `WRONG-${i}-CODE`, address), 404, 'codeNotFound');
    expectError(await voucherLookup(t.app, 'WRONG-30-CODE', address), 429, 'too_many_attempts');
    expectError(await voucherLookup(t.app, 'GIFT-500-SANDBOX', address), 429, 'too_many_attempts');
    // Known codes do not count, and other addresses are not affected.
    expect((await voucherLookup(t.app, 'GIFT-500-SANDBOX', '10.20.30.41')).statusCode).toBe(200);
  });

  it('cuts a burst of unknown codes from one address off at 30 as well', async () => {
    const address = '10.20.30.50';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => voucherLookup(t.app, `BURST-${i}-CODE`, address)),
    );
    const codes = answers.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'codeNotFound').length).toBeLessThanOrEqual(30);
    expect(codes.filter((c) => c !== 'codeNotFound').every((c) => c === 'too_many_attempts')).toBe(true);
  });

  it('counts unknown codes tried in a commit against the same limit, so the commit cannot be used to guess codes', async () => {
    const me = visitor();
    const { body } = await cartFor(me, 1);
    const address = '10.20.30.60';
    const attempt = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/commit',
        remoteAddress: address,
        headers: { uuid: me, 'idempotency-key': crypto.randomUUID() },
        payload: { ...body, cart: { ...body.cart, voucherPayments: vouchers([code, 100]) } } as object,
      });
    for (let i = 0; i < 30; i++) expectError(await attempt(`GUESS-${i}-CODE`), 404, 'codeNotFound');
    expectError(await attempt('GUESS-30-CODE'), 429, 'too_many_attempts');
    expectError(await voucherLookup(t.app, 'GIFT-500-SANDBOX', address), 429, 'too_many_attempts');
  });

  it('takes part from the gift card and the rest by card, debiting the card only once confirmed', async () => {
    const me = visitor();
    const card = 'GIFT-150-SANDBOX';
    const { body, total } = await cartFor(me, 2, {
      voucherPayments: vouchers([card, 5000]),
      creditcardInfo: challengeCard,
    });
    const before = await charges();
    const started = await commit(t.app, me, crypto.randomUUID(), body);
    expect(started.statusCode, started.body).toBe(200);
    const action = CheckoutActionSchema.parse(started.json());
    expect(action).toMatchObject({ method: 'card', amount: total - 5000, action: { type: 'challenge' } });
    // Set aside, not debited, while the customer is at the bank.
    expect(await giftCardBalance(t, card)).toBe(15_000);
    expect((await voucherLookup(t.app, card)).json().balance).toBe(10_000);

    const bank = await t.app.inject({
      method: 'POST',
      url: action.action.type === 'challenge' ? action.action.url : '',
      payload: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bank.statusCode).toBe(200);
    const done = CheckoutCompletedSchema.parse(
      (await paymentStatus(t.app, me, action.reservationIdentifier)).json(),
    );
    expect(done.order.totals.total).toBe(total);
    expect(done.payments).toHaveLength(2);
    expect(done.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'voucher', amount: 5000, voucherReference: card }),
        expect.objectContaining({ method: 'card', amount: total - 5000, last4: '3220' }),
      ]),
    );
    expect(await giftCardBalance(t, card)).toBe(10_000);
    const charged = await approvedCharges(t);
    expect(charged).toHaveLength(before + 1);
    expect(charged.at(-1)!.amount).toBe(total - 5000);
  });

  it('needs no card when the gift card pays everything, and charges nothing at the acquirer', async () => {
    const me = visitor();
    const card = await addGiftCard(t, 20_000);
    const { body, total } = await cartFor(me, 1, {
      voucherPayments: vouchers([card, 4700]),
      creditcardInfo: undefined,
    });
    const before = await charges();
    const res = await commit(t.app, me, crypto.randomUUID(), body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    expect(total).toBe(4700);
    expect(answer.payments).toEqual([
      expect.objectContaining({ method: 'voucher', amount: 4700, voucherReference: card }),
    ]);
    expect(await charges()).toBe(before);
    expect(await giftCardBalance(t, card)).toBe(20_000 - 4700);
  });

  it('refuses more than the balance, more than the total, or one card twice, writing nothing', async () => {
    const me = visitor();
    const low = await addGiftCard(t, 3000);
    const big = await addGiftCard(t, 100_000);
    const { body, seats, p, total } = await cartFor(me, 1);
    const [ordersBefore, chargesBefore] = [await rowCount(t, 'orders'), await charges()];
    const cases: [CommitBody['cart']['voucherPayments'], number, string][] = [
      [vouchers([low, 3001]), 409, 'voucherBalance'],
      [vouchers([big, total + 1]), 400, 'voucher_amount_invalid'],
      [vouchers([low, 2000], [big, total - 1000]), 400, 'voucher_amount_invalid'],
      [vouchers([big, 1000], [big.toLowerCase(), 1000]), 400, 'voucher_amount_invalid'],
      [vouchers(['NO-SUCH-GIFT-CARD', 1000]), 404, 'codeNotFound'],
      [vouchers(['GIFT-EXPIRED-SANDBOX', 1000]), 409, 'voucherExpired'],
    ];
    for (const [voucherPayments, status, code] of cases)
      expectError(
        await commit(t.app, me, crypto.randomUUID(), { ...body, cart: { ...body.cart, voucherPayments } }),
        status,
        code,
      );
    expect(await rowCount(t, 'orders')).toBe(ordersBefore);
    expect(await charges()).toBe(chargesBefore);
    expect([await giftCardBalance(t, low), await giftCardBalance(t, big)]).toEqual([3000, 100_000]);
    expect((await statusOf(t.app, p, me)).held).toEqual(expect.arrayContaining(seats.map((s) => s.key)));
  });

  it('keeps what a pending order set aside from other carts until that order fails', async () => {
    const card = await addGiftCard(t, 6000);
    const first = visitor();
    const pending = await cartFor(first, 2, {
      voucherPayments: vouchers([card, 4000]),
      creditcardInfo: challengeCard,
    });
    const started = await commit(t.app, first, crypto.randomUUID(), pending.body);
    expect(started.json().status, started.body).toBe('action_required');
    const rid = started.json().reservationIdentifier as string;
    expect((await voucherLookup(t.app, card)).json().balance).toBe(2000);

    const second = visitor();
    const other = await cartFor(second, 2, { voucherPayments: vouchers([card, 4000]) });
    const before = await charges();
    expectError(await commit(t.app, second, crypto.randomUUID(), other.body), 409, 'voucherBalance');

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/cancel',
      headers: { uuid: first },
      payload: { reservationIdentifier: rid },
    });
    expect(cancel.json(), cancel.body).toEqual({ reservationIdentifier: rid, state: 'failed' });
    expect((await orderOf(t, rid)).state).toBe('failed');
    expect(await giftCardBalance(t, card)).toBe(6000);
    expect((await voucherLookup(t.app, card)).json().balance).toBe(6000);

    const res = await commit(t.app, second, crypto.randomUUID(), other.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await giftCardBalance(t, card)).toBe(2000);
    expect(await charges()).toBe(before + 1);
  });

  it('lets only one of two carts racing for a gift card’s whole balance have it', async () => {
    const card = await addGiftCard(t, 5000);
    const [a, b] = [visitor(), visitor()];
    const carts = [
      await cartFor(a, 2, { voucherPayments: vouchers([card, 5000]) }),
      await cartFor(b, 2, { voucherPayments: vouchers([card, 5000]) }, 1),
    ];
    const before = await charges();
    const answers = await Promise.all(
      [a, b].map((who, i) => commit(t.app, who, crypto.randomUUID(), carts[i]!.body)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectError(
      answers.find((r) => r.statusCode === 409)!,
      409,
      'voucherBalance',
    );
    expect(await giftCardBalance(t, card)).toBe(0);
    const charged = await approvedCharges(t);
    expect(charged).toHaveLength(before + 1);
    expect(charged.at(-1)!.amount).toBe(carts[0]!.total - 5000);
  });

  it('completes carts paying with the same two gift cards listed in opposite orders at once', async () => {
    for (let round = 0; round < 6; round++) {
      const [g1, g2] = [await addGiftCard(t, 10_000), await addGiftCard(t, 10_000)];
      const [a, b] = [visitor(), visitor()];
      const carts = [
        await cartFor(a, 1, { voucherPayments: vouchers([g1, 1000], [g2, 2000]) }),
        await cartFor(b, 1, { voucherPayments: vouchers([g2, 1000], [g1, 2000]) }, 1),
      ];
      const answers = await Promise.all(
        [a, b].map((who, i) => commit(t.app, who, crypto.randomUUID(), carts[i]!.body)),
      );
      expect(
        answers.map((r) => r.statusCode),
        answers.map((r) => r.body).join('\n'),
      ).toEqual([200, 200]);
      expect([await giftCardBalance(t, g1), await giftCardBalance(t, g2)]).toEqual([7000, 7000]);
    }
  });

  it('gives a cancelled order’s refund back to the gift card first, the rest to the card', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const card = await addGiftCard(t, 10_000);
    const me = visitor();
    const { body, total } = await cartFor(me, 2, { voucherPayments: vouchers([card, 3000]) });
    const res = await commit(t.app, me, crypto.randomUUID(), body, dana);
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().reservationIdentifier as string;
    const charge = (await approvedCharges(t)).at(-1)!;
    expect(charge.amount).toBe(total - 3000);
    expect(await giftCardBalance(t, card)).toBe(7000);

    const cancel = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { refund, fee } = cancel.json() as { refund: number; fee: number };
    // Default fee: ₪5 a ticket and 5 % of the tickets; the service charge is kept.
    expect(fee).toBe(2 * 500 + Math.round((2 * 4200 * 5) / 100));
    expect(refund).toBe(2 * 4200 - fee);
    expect(await giftCardBalance(t, card)).toBe(10_000);
    const refunds = (await sandboxOf(t).refunds()).filter((r) => r.transaction_id === charge.id);
    expect(refunds.map((r) => r.amount)).toEqual([refund - 3000]);
    expect((await sandboxOf(t).byId(charge.id))!.refunded_amount).toBe(refund - 3000);
    expect((await orderOf(t, rid)).state).toBe('cancelled');
  });

  it('accepts only splits whose payments add up to the total, never overdrawing a gift card', async () => {
    const cards = [await addGiftCard(t, 3000), await addGiftCard(t, 9000), await addGiftCard(t, 40_000)];
    const expected = new Map(cards.map((c, i) => [c, [3000, 9000, 40_000][i]!]));
    const runs = dialect === 'postgres' ? 12 : 20;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.uniqueArray(
          fc.record({
            card: fc.integer({ min: 0, max: 2 }),
            amount: fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 12_000 })),
          }),
          { maxLength: 3, selector: (v) => v.card },
        ),
        fc.boolean(),
        async (n, picks, payInFull) => {
          const me = visitor();
          // Sometimes the last gift card is asked for exactly what the others leave to pay.
          const due = n * 4700 - picks.slice(0, -1).reduce((sum, v) => sum + v.amount, 0);
          if (payInFull && picks.length > 0 && due > 0) picks.at(-1)!.amount = due;
          const voucherPayments = picks.map((v) => ({ systemVoucher: cards[v.card]!, amount: v.amount }));
          const { body, total } = await cartFor(me, n, { voucherPayments });
          const before = await charges();
          const res = await commit(t.app, me, crypto.randomUUID(), body);
          const byVouchers = picks.reduce((sum, v) => sum + v.amount, 0);
          if (res.statusCode === 200) {
            const answer = CheckoutCompletedSchema.parse(res.json());
            expect(answer.order.totals.total).toBe(total);
            expect(answer.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(total);
            const byCard = answer.payments.filter((p) => p.method === 'card');
            expect(byCard.map((p) => p.amount)).toEqual(total > byVouchers ? [total - byVouchers] : []);
            expect(await charges()).toBe(before + byCard.length);
            for (const v of voucherPayments)
              expected.set(v.systemVoucher, expected.get(v.systemVoucher)! - v.amount);
          } else {
            expect(['voucherBalance', 'voucher_amount_invalid']).toContain(res.json().code);
            expect(await charges()).toBe(before);
          }
          for (const [card, balance] of expected) {
            expect(await giftCardBalance(t, card)).toBe(balance);
            expect(balance).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: runs },
    );
    const negative = await t.db.kysely
      .selectFrom('system_vouchers')
      .select('reference')
      .where('balance', '<', 0)
      .execute();
    expect(negative).toEqual([]);
  });
});
