import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { CancellationQuoteSchema } from '../../src/api/contract/customer.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { DEMO_CLUB_MEMBER, DEMO_POINTS_MEMBER } from '../seed/membershipIds.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { cancelPayment, commit, errorOf, goodCard, seatShop, type SeatShop } from '../testing/checkout.ts';
import { area, loginByEmail, orderOf } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { asMember } from './memberTickets.testing.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
const CLUB = 171;
const POINTS = 172;

describe.each(dialects)('member balances under failure, cancellation and races on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let avi: string;
  let dana: string;
  const member = (n: string) =>
    t.db.kysely.selectFrom('members').selectAll().where('member_number', '=', n).executeTakeFirstOrThrow();
  const setMember = (n: string, set: { used_balance?: number; points_balance?: number }) =>
    t.db.kysely.updateTable('members').set(set).where('member_number', '=', n).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    avi = await loginByEmail(t.app, AVI);
    dana = await loginByEmail(t.app, DANA);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await setMember(DEMO_CLUB_MEMBER, { used_balance: 2 });
    await setMember(DEMO_POINTS_MEMBER, { points_balance: 1200 });
  });

  it('gives the balance and the points back once when the payment fails', async () => {
    // A club ticket and a points ticket beside a paid seat: the card is declined.
    for (const [who, ticket, number] of [
      [avi, CLUB, DEMO_CLUB_MEMBER],
      [dana, POINTS, DEMO_POINTS_MEMBER],
    ] as const) {
      const me = visitor();
      const seats = await shop.hold(me, 2);
      const body = asMember(
        shop.cart(seats, { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.decline } }),
        ticket,
        number,
        1,
      );
      const res = await commit(t.app, me, crypto.randomUUID(), body, who);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      const order = await t.db.kysely
        .selectFrom('orders')
        .select(['reservation_identifier', 'state'])
        .where('visitor', '=', me)
        .executeTakeFirstOrThrow();
      expect(order.state).toBe('failed');
      await cancelPayment(t.app, me, order.reservation_identifier);
      const m = await member(number);
      expect([m.used_balance, m.points_balance]).toEqual(number === DEMO_CLUB_MEMBER ? [2, 0] : [0, 1200]);
      // The seats are still the visitor's: the same cart with a good card goes through.
      const again = await commit(
        t.app,
        me,
        crypto.randomUUID(),
        asMember(shop.cart(seats), ticket, number, 1),
        who,
      );
      expect(again.statusCode, again.body).toBe(200);
      const after = await member(number);
      expect([after.used_balance, after.points_balance]).toEqual(
        number === DEMO_CLUB_MEMBER ? [3, 0] : [0, 700],
      );
    }
  });

  it('gives the balance back once when the customer cancels the order, refunding no money for it', async () => {
    const me = visitor();
    const seats = await shop.hold(me, 2);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      asMember(shop.cart(seats), CLUB, DEMO_CLUB_MEMBER),
      avi,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rid = CheckoutCompletedSchema.parse(res.json()).reservationIdentifier;
    // The tickets cost nothing; the venue's handling fee is what was paid (and is kept on cancelling).
    const order = await orderOf(t, rid);
    expect(order.tickets_total).toBe(0);
    expect(order.total).toBe(order.service_charge_total + order.booking_fee);
    expect((await member(DEMO_CLUB_MEMBER)).used_balance).toBe(4);
    const quote = await area(t.app, 'GET', `/api/customer-area/reservations/${rid}/cancellation`, avi);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(CancellationQuoteSchema.parse(quote.json()).refund).toBe(0);
    const cancelled = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, avi);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await member(DEMO_CLUB_MEMBER)).used_balance).toBe(2);
    const twice = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, avi);
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect((await member(DEMO_CLUB_MEMBER)).used_balance).toBe(2);
  });

  it('never overdraws a balance when orders race for the last tickets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 2, maxLength: 3 }),
        async (left, wants) => {
          await setMember(DEMO_CLUB_MEMBER, { used_balance: 10 - left });
          const racers = await Promise.all(
            wants.map(async (n) => {
              const me = visitor();
              return { me, n, seats: await shop.hold(me, n) };
            }),
          );
          const answers = await Promise.all(
            racers.map((r) =>
              commit(
                t.app,
                r.me,
                crypto.randomUUID(),
                asMember(shop.cart(r.seats), CLUB, DEMO_CLUB_MEMBER),
                avi,
              ),
            ),
          );
          let sold = 0;
          answers.forEach((res, i) => {
            if (res.statusCode === 200) sold += racers[i]!.n;
            else expect(['ticket_balance_error', 'memberNoneAvailable']).toContain(errorOf(res).code);
          });
          const m = await member(DEMO_CLUB_MEMBER);
          expect(m.used_balance).toBe(10 - left + sold);
          expect(m.used_balance).toBeLessThanOrEqual(10);
          // Whoever can be served is: a racer is refused only when too few are left for it.
          if (sold === 0) expect(Math.min(...wants)).toBeGreaterThan(left);
        },
      ),
      { numRuns: 6 },
    );
  });
});
