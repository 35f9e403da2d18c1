import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { type CustomerReservation, ReservationsAnswerSchema } from '../../src/api/contract/customer.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { commit, goodCard, sandboxOf, seatCart, ticketGroupsOf } from '../testing/checkout.ts';
import {
  area,
  expectError,
  giftCardBalance,
  lockAll,
  loginByEmail,
  newAccount,
  orderOf,
  rowCount,
  statusOf,
} from '../testing/checkoutScenarios.ts';
import {
  type FreeSeat,
  findPresentation,
  lock,
  lockBody,
  type PlanSeatInfo,
  planSeatsOf,
  plainFreeSeats,
  unlock,
} from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const [DANA] = DEMO_CUSTOMERS;
const MINUTE = 60_000;

describe.each(dialects)('hold orders (reserve now, pay at the box office) on %s', (dialect) => {
  let t: TestApp;
  let movie: PresentationSummary;
  let groups: TicketGroup[];
  let pool: PlanSeatInfo[];
  let startsAt: number;

  const holdCart = (seats: FreeSeat[], extra: Partial<CommitBody['cart']> = {}) =>
    seatCart(movie, groups, seats, { isHold: true, creditcardInfo: undefined, ...extra });
  /** A fresh visitor holding `n` regular seats of the movie. */
  async function visitorWithSeats(n: number) {
    const me = visitor();
    const seats = pool.splice(0, n);
    await lockAll(t.app, me, movie, seats);
    return { me, seats };
  }
  /** A ledger that did not move: no charge, no refund. */
  async function acquirerCounts() {
    return { charges: (await sandboxOf(t).ledger()).length, refunds: (await sandboxOf(t).refunds()).length };
  }
  async function reservation(cookie: string, rid: string): Promise<CustomerReservation | undefined> {
    const res = await area(t.app, 'GET', '/api/customer-area/reservations', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { upcoming, past } = ReservationsAnswerSchema.parse(res.json());
    return [...upcoming, ...past].find((r) => r.reservationIdentifier === rid);
  }
  /** Runs `body` with the clock at `at`, then puts it back. */
  async function at(time: number, body: () => Promise<void>) {
    const now = t.clock.now();
    t.clock.set(time);
    try {
      await body();
    } finally {
      t.clock.set(now);
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    movie = await findPresentation(
      t.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    startsAt = Date.parse(movie.dateTime);
    expect(startsAt - t.clock.now()).toBeGreaterThan(60 * MINUTE);
    groups = await ticketGroupsOf(t.app, movie);
    pool = (await plainFreeSeats(t.app, movie)).filter((s) => s.ticketGroupId === 1);
  });
  afterAll(async () => t?.close());

  it('holds seats for a member until 30 minutes before the show, then lets them go by themselves', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const { me, seats } = await visitorWithSeats(2);
    const before = await acquirerCounts();
    const res = await commit(t.app, me, crypto.randomUUID(), holdCart(seats), dana);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    const deadline = new Date(startsAt - 30 * MINUTE).toISOString();
    expect(answer).toMatchObject({ isHold: true, holdDeadline: deadline, payments: [] });
    expect(answer.order).toMatchObject({ isHold: true, holdDeadline: deadline, holdExpired: false });
    expect(answer.order.totals).toEqual({
      tickets: 2 * 4200,
      addons: 0,
      serviceCharge: 0,
      products: 0,
      vouchers: 0,
      donations: 0,
      total: 8400,
    });
    expect(answer.order.tickets.map((x) => x.serviceCharge)).toEqual([0, 0]);
    expect(await acquirerCounts()).toEqual(before);
    const keys: string[] = seats.map((s) => s.key);
    const other = visitor();
    const takenNow = (await statusOf(t.app, movie, other)).free;
    expect(keys.filter((k) => takenNow.has(k))).toEqual([]);
    // Claimed by the order: no longer in the visitor's cart either.
    expect((await statusOf(t.app, movie, me)).held.filter((k) => keys.includes(k))).toEqual([]);
    for (const s of seats) expectError(await lock(t.app, other, lockBody(movie, s)), 409, 'lock_seat_error');

    expect(await reservation(dana, answer.reservationIdentifier)).toMatchObject({
      isHold: true,
      holdDeadline: deadline,
      holdExpired: false,
      canCancel: true,
      payment: null,
      totals: { serviceCharge: 0, total: 8400 },
    });

    await at(startsAt - 30 * MINUTE + MINUTE, async () => {
      // Nothing swept them: the hold's seats are simply free again, for anyone.
      const free = (await statusOf(t.app, movie, other)).free;
      expect(keys.filter((k) => !free.has(k))).toEqual([]);
      const again = await loginByEmail(t.app, DANA);
      expect(await reservation(again, answer.reservationIdentifier)).toMatchObject({
        isHold: true,
        holdExpired: true,
        canCancel: false,
      });
      expectError(
        await area(t.app, 'POST', `/api/reservations/${answer.reservationIdentifier}/cancel`, again),
        409,
        'NOTHING_TO_CANCEL',
      );
      await lockAll(t.app, other, movie, seats);
    });
  });

  it('releases the seats of a cancelled hold and refunds nothing', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const { me, seats } = await visitorWithSeats(2);
    const res = await commit(t.app, me, crypto.randomUUID(), holdCart(seats), dana);
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().reservationIdentifier as string;
    const before = await acquirerCounts();
    const quote = await area(t.app, 'GET', `/api/customer-area/reservations/${rid}/cancellation`, dana);
    expect(quote.json(), quote.body).toMatchObject({ refundTo: 'none', fee: 0, refund: 0 });

    const cancel = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, dana);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({
      reservationIdentifier: rid,
      state: 'cancelled',
      fee: 0,
      refund: 0,
      refunds: [],
      refundAtBoxOffice: 0,
    });
    expect((await orderOf(t, rid)).state).toBe('cancelled');
    const free = (await statusOf(t.app, movie)).free;
    expect(seats.filter((s) => !free.has(s.key))).toEqual([]);
    expect(await acquirerCounts()).toEqual(before);
    expect(
      await t.db.kysely
        .selectFrom('refunds')
        .select('id')
        .where('reservation_identifier', '=', rid)
        .execute(),
    ).toEqual([]);
    expect(await reservation(dana, rid)).toBeUndefined();
  });

  it('refuses to hold premium seats; the same cart is then bought as a normal order', async () => {
    const premiumMovie = await findPresentation(t.app, (p) => p.saleStatus === 'open' && p.seatplanId === 13);
    const premiumGroups = await ticketGroupsOf(t.app, premiumMovie);
    const premium = (await planSeatsOf(t.app, premiumMovie))
      .flat()
      .filter((s) => s.premium && s.free)
      .slice(0, 2);
    expect(premium).toHaveLength(2);
    const dana = await loginByEmail(t.app, DANA);
    const me = visitor();
    await lockAll(t.app, me, premiumMovie, premium);
    const [before, orders] = [await acquirerCounts(), await rowCount(t, 'orders')];
    const cart = seatCart(premiumMovie, premiumGroups, premium, { isHold: true, creditcardInfo: undefined });
    expectError(await commit(t.app, me, crypto.randomUUID(), cart, dana), 409, 'premiumWithHoldErrorMessage');
    expect(await acquirerCounts()).toEqual(before);
    expect(await rowCount(t, 'orders')).toBe(orders);

    const normal = { ...cart, cart: { ...cart.cart, isHold: false, creditcardInfo: goodCard } };
    const res = await commit(t.app, me, crypto.randomUUID(), normal, dana);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    expect(answer).toMatchObject({ isHold: false, holdDeadline: null });
    expect(answer.payments).toEqual([expect.objectContaining({ method: 'card', amount: 2 * (6500 + 500) })]);
  });

  it('holds only for a logged-in customer whose membership allows member sales', async () => {
    const { me, seats } = await visitorWithSeats(2);
    const orders = await rowCount(t, 'orders');
    expectError(await commit(t.app, me, crypto.randomUUID(), holdCart(seats)), 401, 'not_logged_in');
    const stranger = await newAccount(t.app, '0548800123');
    expectError(
      await commit(t.app, me, crypto.randomUUID(), holdCart(seats), stranger),
      403,
      'no_valid_membership_for_member_sale',
    );
    expect(await rowCount(t, 'orders')).toBe(orders);
    // The seats are still in the visitor's cart.
    expect((await statusOf(t.app, movie, me)).held).toEqual(expect.arrayContaining(seats.map((s) => s.key)));
  });

  it('closes holds 30 minutes before the show', async () => {
    await at(startsAt - 20 * MINUTE, async () => {
      const dana = await loginByEmail(t.app, DANA);
      const { me, seats } = await visitorWithSeats(1);
      const params = expectError(
        await commit(t.app, me, crypto.randomUUID(), holdCart(seats), dana),
        409,
        'hold_deadline_passed',
      );
      expect(params).toEqual({ minutes: 30 });
    });
  });

  it('refuses a hold paid in part by a gift card', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const { me, seats } = await visitorWithSeats(1);
    const orders = await rowCount(t, 'orders');
    const cart = holdCart(seats, { voucherPayments: [{ systemVoucher: 'GIFT-500-SANDBOX', amount: 1000 }] });
    expectError(await commit(t.app, me, crypto.randomUUID(), cart, dana), 400, 'formValidation');
    expect(await giftCardBalance(t, 'GIFT-500-SANDBOX')).toBe(50_000);
    expect(await rowCount(t, 'orders')).toBe(orders);
  });

  it('lets neither the visitor unlock a held seat nor anyone else lock it', async () => {
    const dana = await loginByEmail(t.app, DANA);
    const { me, seats } = await visitorWithSeats(1);
    const res = await commit(t.app, me, crypto.randomUUID(), holdCart(seats), dana);
    expect(res.statusCode, res.body).toBe(200);
    const seat = seats[0]!;
    expectError(await unlock(t.app, me, lockBody(movie, seat)), 409, 'unlock_seat_error');
    expectError(await lock(t.app, visitor(), lockBody(movie, seat)), 409, 'lock_seat_error');
    expect((await statusOf(t.app, movie)).free.has(seat.key)).toBe(false);
    const rid = res.json().reservationIdentifier as string;
    expect((await orderOf(t, rid)).state).toBe('held');
    expect(await reservation(dana, rid)).toMatchObject({ isHold: true, canCancel: true });
  });
});
