import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemVoucher } from '../../src/api/contract/customer.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { TG } from '../seed/catalogue.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { VOUCHER_CLASS } from '../seed/vouchersForSale.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import {
  answerChallenge,
  commit,
  errorOf,
  goodCard,
  paymentStatus,
  ticketGroupsOf,
} from '../testing/checkout.ts';
import { area, lockAll, loginByEmail } from '../testing/checkoutScenarios.ts';
import { listPresentations, type PlanSeatInfo, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import {
  addTicketVoucher,
  codeCart,
  codeLookup,
  codeTicketId,
  voucherState,
} from '../testing/ticketCodes.ts';

const [DANA] = DEMO_CUSTOMERS;
const DANA_ACCOUNT = 'a_demo_dana';
const SERVICE_CHARGE = 500;

describe.each(dialects)('tickets paid by a ticket voucher on %s', (dialect) => {
  let t: TestApp;
  const pools: { p: PresentationSummary; groups: TicketGroup[]; seats: PlanSeatInfo[] }[] = [];

  /**
   * Locks `n` regular seats for a new visitor (of the `from`th cinema showing: racing carts take seats of
   * different showings) and answers the cart that pays them all with `code`'s voucher tickets.
   */
  async function voucherCart(
    code: string,
    n: number,
    opts: { from?: number; kind?: 'cinemaVoucher' | 'twoMovies'; extra?: object } = {},
  ) {
    const me = visitor();
    const pool = pools[opts.from ?? 0]!;
    const seats = pool.seats.splice(0, n);
    await lockAll(t.app, me, pool.p, seats);
    const ticketId = codeTicketId(TG.cinemaRegular, opts.kind ?? 'cinemaVoucher');
    const body = codeCart(
      pool.p,
      pool.groups,
      seats.map((seat) => ({ seat, ticketId, ticketCode: code })),
      opts.extra,
    );
    return { me, body, p: pool.p };
  }
  const usesShown = async (code: string) => {
    const res = await codeLookup(t.app, pools[0]!.p.id, code);
    return res.statusCode === 200 ? (res.json().ticketCodes[0].uses as number) : res.json().code;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const movies = (await listPresentations(t.app))
      .filter((p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 12)
      .slice(0, 4);
    for (const p of movies)
      pools.push({
        p,
        groups: await ticketGroupsOf(t.app, p),
        seats: (await plainFreeSeats(t.app, p)).filter((s) => s.ticketGroupId === TG.cinemaRegular),
      });
  });
  afterAll(async () => t?.close());

  it('pays as many seats as MOVIE2-SANDBOX has uses, redeems them on confirmation, and shows it used up', async () => {
    const code = 'MOVIE2-SANDBOX';
    // The personal area lists a customer's own vouchers: this one is Dana's for the test.
    await t.db.kysely
      .updateTable('system_vouchers')
      .set({ customer_id: DANA_ACCOUNT })
      .where('reference', '=', code)
      .execute();
    const three = await voucherCart(code, 3, { kind: 'twoMovies' });
    expect(errorOf(await commit(t.app, three.me, crypto.randomUUID(), three.body))).toEqual({
      status: 409,
      code: 'voucherBalance',
      params: { code, uses: 2 },
    });

    const two = await voucherCart(code, 2, { kind: 'twoMovies' });
    const res = await commit(t.app, two.me, crypto.randomUUID(), two.body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ status: 'completed' });
    expect(answer.order.totals).toMatchObject({ tickets: 0, serviceCharge: 2 * SERVICE_CHARGE });
    expect(await voucherState(t, code)).toEqual({ balance: 0, redeemed: 2, claims: ['redeemed'] });
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['price', 'ticket_code'])
      .where('reservation_identifier', '=', answer.reservationIdentifier)
      .execute();
    expect(tickets).toEqual([
      { price: 0, ticket_code: code },
      { price: 0, ticket_code: code },
    ]);
    expect(await usesShown(code)).toBe('voucherBalance');

    const dana = await loginByEmail(t.app, DANA);
    const mine = (await area(t.app, 'GET', '/api/customer-area/system-vouchers', dana)).json() as {
      systemVouchers: SystemVoucher[];
    };
    expect(mine.systemVouchers.find((v) => v.Reference === code)).toMatchObject({
      Balance: 0,
      Redeemed: 2,
      status: 'no_balance',
    });
  });

  it('claims the uses while the payment is under way, and a declined card gives them back', async () => {
    const code = await addTicketVoucher(t, { classId: VOUCHER_CLASS.twoMovies, uses: 2 });
    const challenged = await voucherCart(code, 1, {
      kind: 'twoMovies',
      extra: { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.challenge } },
    });
    const pending = await commit(t.app, challenged.me, crypto.randomUUID(), challenged.body);
    expect(pending.json(), pending.body).toMatchObject({ status: 'action_required' });
    expect(await usesShown(code)).toBe(1);
    expect(await voucherState(t, code)).toEqual({ balance: 2, redeemed: 0, claims: ['pending'] });

    const declined = await voucherCart(code, 1, {
      kind: 'twoMovies',
      extra: { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.decline } },
    });
    const res = await commit(t.app, declined.me, crypto.randomUUID(), declined.body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await voucherState(t, code)).toEqual({ balance: 2, redeemed: 0, claims: ['pending', 'released'] });
    expect(await usesShown(code)).toBe(1);

    // The first customer passes 3-D Secure: the claim is redeemed.
    await answerChallenge(t.app, pending.json().action.url, 'approve');
    const rid = pending.json().reservationIdentifier as string;
    expect((await paymentStatus(t.app, challenged.me, rid)).json()).toMatchObject({ status: 'completed' });
    expect(await voucherState(t, code)).toEqual({
      balance: 1,
      redeemed: 1,
      claims: ['redeemed', 'released'],
    });
  });

  it('refuses voucher tickets on a hold order', async () => {
    const code = await addTicketVoucher(t);
    const dana = await loginByEmail(t.app, DANA);
    const { me, body } = await voucherCart(code, 1, { extra: { isHold: true, creditcardInfo: undefined } });
    expect(errorOf(await commit(t.app, me, crypto.randomUUID(), body, dana))).toEqual({
      status: 409,
      code: 'voucher_ticket_not_on_hold',
      params: { code },
    });
    expect(await voucherState(t, code)).toEqual({ balance: 1, redeemed: 0, claims: [] });
  });

  it('gives the uses back when the order is cancelled', async () => {
    const code = await addTicketVoucher(t, { classId: VOUCHER_CLASS.twoMovies, uses: 2 });
    const dana = await loginByEmail(t.app, DANA);
    const { me, body } = await voucherCart(code, 2, { kind: 'twoMovies' });
    const res = await commit(t.app, me, crypto.randomUUID(), body, dana);
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().reservationIdentifier as string;
    expect(await voucherState(t, code)).toEqual({ balance: 0, redeemed: 2, claims: ['redeemed'] });
    const cancelled = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await voucherState(t, code)).toEqual({ balance: 2, redeemed: 0, claims: ['restored'] });
    expect(await usesShown(code)).toBe(2);
  });

  it('lets exactly one of two customers racing for a voucher’s last use have it', async () => {
    for (let round = 0; round < 4; round++) {
      const code = await addTicketVoucher(t);
      const carts = await Promise.all([voucherCart(code, 1, { from: 2 }), voucherCart(code, 1, { from: 3 })]);
      const answers = await Promise.all(carts.map((c) => commit(t.app, c.me, crypto.randomUUID(), c.body)));
      const outcomes = answers.map((r) => (r.statusCode === 200 ? 'won' : errorOf(r).code)).sort();
      expect(outcomes, answers.map((r) => r.body).join('\n')).toEqual(['voucherBalance', 'won']);
      expect(await voucherState(t, code)).toEqual({ balance: 0, redeemed: 1, claims: ['redeemed'] });
    }
  });
});
