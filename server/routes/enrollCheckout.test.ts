import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { EnrolmentMembership, EnrolmentSelection } from '../../src/api/contract/enrolment.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { SANDBOX_CARDS } from '../services/payments/sandbox/cards.ts';
import { commit, errorOf, loginByEmail } from '../testing/checkout.ts';
import { area, orderOf } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import {
  enrolLock,
  enrolmentCart,
  enrolmentOf,
  freeAcross,
  lockBodyOf,
  lockedOk,
  OPTIONAL,
  REQUIRED,
  seatFromKey,
  type SeatPick,
} from '../services/enrolment/testing.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
const CHOSEN = [OPTIONAL[0]!, OPTIONAL[2]!];
const ALL = [...REQUIRED, ...CHOSEN];
const REGULAR_B = { ticketGroupId: 22, ticketId: 2201 };

describe.each(dialects)('season enrolment checkout on %s', (dialect) => {
  let t: TestApp;
  let season: EnrolmentMembership;
  let flex: EnrolmentMembership;
  let pool: SeatPick[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    season = await enrolmentOf(t.app, 'SEASON-2027');
    flex = await enrolmentOf(t.app, 'SEASON-FLEX');
    const { free } = await freeAcross(t.app, season.MembershipId, [...REQUIRED, ...OPTIONAL]);
    pool = [...free].filter(([, tg]) => tg === 22).map(([k]) => seatFromKey(k, 22));
  });
  afterAll(async () => t?.close());

  async function held(m: EnrolmentMembership, me: string): Promise<EnrolmentSelection[]> {
    const a = await lockedOk(await enrolLock(t.app, me, m, lockBodyOf(m, pool.shift()!, CHOSEN)));
    expect(a.taken).toEqual([]);
    return a.selections;
  }
  const seatFree = async (pi: number, s: { sectionId: number; x: number; y: number }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seats-statusV2?presentationId=${pi}&venueTypeId=3&isReserved=1`,
    });
    return `${s.sectionId}_${s.x}_${s.y}` in (res.json() as { seats: Record<string, string> }).seats;
  };

  it('sells the enrolment: the seat is sold in each presentation, the subscriber a member; cancelling frees it', async () => {
    const me = visitor();
    const avi = await loginByEmail(t.app, AVI);
    const selections = await held(season, me);
    const res = await commit(t.app, me, crypto.randomUUID(), enrolmentCart(7, REGULAR_B, selections), avi);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    // Per ticket: 150₪ a concert, the gala (8006) overridden at 200₪.
    const total = 7 * 15000 + 20000;
    expect((await orderOf(t, done.reservationIdentifier)).enrolment_total).toBe(total);
    expect(done.order.tickets).toHaveLength(8);
    expect(done.payments[0]!.amount).toBe(total);
    for (const s of selections) expect(await seatFree(s.presentationId, s)).toBe(false);
    const enrolment = await t.db.kysely
      .selectFrom('enrolments')
      .selectAll()
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(enrolment).toMatchObject({ state: 'valid', membership_id: 7, season_id: 2, ticket_id: 2201 });
    const member = await t.db.kysely
      .selectFrom('members')
      .selectAll()
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      membership_id: 7,
      state: 'active',
      member_number: expect.stringMatching(/^8\d{7}$/),
    });
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['member_number', 'price', 'presentation_id', 'state'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .execute();
    expect(tickets.every((x) => x.member_number === member.member_number && x.state === 'valid')).toBe(true);
    expect(tickets.find((x) => x.presentation_id === 8006)!.price).toBe(20000);
    const mine = await area(t.app, 'GET', '/api/enroll/7/mine', avi);
    expect(mine.json()).toMatchObject({
      enrolment: {
        state: 'valid',
        memberNumber: member.member_number,
        reservationIdentifier: done.reservationIdentifier,
      },
    });

    // Enrolled now: a second enrolment in the season is refused, the lock and the checkout alike.
    expect((await enrolmentOf(t.app, 7, avi)).alreadyEnrolled).toBe(true);
    const again = visitor();
    expect(
      errorOf(await enrolLock(t.app, again, season, lockBodyOf(season, pool[0]!, CHOSEN), avi)).code,
    ).toBe('ALREADY_ENROLLED');
    const other = await held(season, again);
    const twice = await commit(t.app, again, crypto.randomUUID(), enrolmentCart(7, REGULAR_B, other), avi);
    expect(errorOf(twice).code).toBe('ALREADY_ENROLLED');

    const cancelled = await area(
      t.app,
      'POST',
      `/api/reservations/${done.reservationIdentifier}/cancel`,
      avi,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const s of selections) expect(await seatFree(s.presentationId, s)).toBe(true);
    const after = await t.db.kysely
      .selectFrom('enrolments')
      .select('state')
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .executeTakeFirstOrThrow();
    expect(after.state).toBe('cancelled');
    expect((await enrolmentOf(t.app, 7, avi)).alreadyEnrolled).toBe(false);
  });

  it('prices a per-membership enrolment at the membership’s price, shared by MembershipPayableAmount', async () => {
    const me = visitor();
    const dana = await loginByEmail(t.app, DANA);
    const selections = await held(flex, me);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      enrolmentCart(8, { ticketGroupId: 22, ticketId: 2203 }, selections),
      dana,
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    expect(done.payments[0]!.amount).toBe(160000);
    const prices = await t.db.kysely
      .selectFrom('order_tickets')
      .select('price')
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .execute();
    expect(prices.map((p) => p.price)).toEqual(Array(8).fill(20000));
  });

  it('a declined card leaves the seats held for the visitor, the enrolment cancelled; paying again enrols', async () => {
    const me = visitor();
    const customer = await loginByEmail(t.app, AVI);
    const selections = await held(season, me);
    const body = enrolmentCart(7, REGULAR_B, selections);
    const declined = {
      ...body,
      cart: { ...body.cart, creditcardInfo: { ...body.cart.creditcardInfo!, number: SANDBOX_CARDS.decline } },
    };
    const refused = await commit(t.app, me, crypto.randomUUID(), declined, customer);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await enrolmentOf(t.app, 7, customer)).alreadyEnrolled).toBe(false);
    const states = await t.db.kysely
      .selectFrom('seat_holds')
      .select(['visitor', 'state', 'claimed_by'])
      .where('presentation_id', 'in', ALL)
      .where('section_id', '=', selections[0]!.sectionId)
      .where('x', '=', selections[0]!.x)
      .where('y', '=', selections[0]!.y)
      .execute();
    expect(states).toHaveLength(8);
    expect(states.every((h) => h.visitor === me && h.state === 'held' && h.claimed_by === null)).toBe(true);
    const paid = await commit(t.app, me, crypto.randomUUID(), body, customer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await enrolmentOf(t.app, 7, customer)).alreadyEnrolled).toBe(true);
    const done = CheckoutCompletedSchema.parse(paid.json());
    await area(t.app, 'POST', `/api/reservations/${done.reservationIdentifier}/cancel`, customer);
  });

  it('re-checks every rule of the cart', async () => {
    const me = visitor();
    const dana = await loginByEmail(t.app, DANA);
    const selections = await held(season, me);
    const send = (body: ReturnType<typeof enrolmentCart>, cookie?: string) =>
      commit(t.app, me, crypto.randomUUID(), body, cookie);
    const cart = enrolmentCart(7, REGULAR_B, selections);
    // Dana is enrolled by the test before (SEASON-FLEX is the same season).
    expect(errorOf(await send(cart)).code).toBe('not_logged_in');
    expect(errorOf(await send(cart, dana)).code).toBe('ALREADY_ENROLLED');
    const fresh = await loginByEmail(t.app, AVI);
    const withSeats = {
      ...cart,
      cart: {
        ...cart.cart,
        donations: [{ id: 1, donationDetails: { amount: 1000, customAmount: true, selectedQuantity: 1 } }],
      },
    };
    expect(errorOf(await send(withSeats, fresh)).code).toBe('enrolment_cart_exclusive');
    const fewer = enrolmentCart(7, REGULAR_B, selections.slice(0, 7));
    expect(errorOf(await send(fewer, fresh))).toMatchObject({
      code: 'enrolment_choice_count',
      params: { count: 2 },
    });
    const noRequired = enrolmentCart(
      7,
      REGULAR_B,
      selections.filter((s) => s.presentationId !== 8001),
    );
    expect(errorOf(await send(noRequired, fresh)).code).toBe('enrolment_choice_count');
    expect(
      errorOf(await send(enrolmentCart(7, { ticketGroupId: 22, ticketId: 2270 }, selections), fresh)).code,
    ).toBe('ticket_not_in_group');
    expect(
      errorOf(await send(enrolmentCart(7, { ticketGroupId: 21, ticketId: 2101 }, selections), fresh)).code,
    ).toBe('ticket_not_in_group');
    // A seat the visitor does not hold.
    const moved = selections.map((s, i) => (i === 0 ? { ...s, ...pool[5]! } : s));
    expect(errorOf(await send(enrolmentCart(7, REGULAR_B, moved), fresh)).code).toBe('lock_seat_error');
    // Another visitor cannot buy the seats this one holds.
    const thief = await commit(t.app, visitor(), crypto.randomUUID(), cart, fresh);
    expect(errorOf(thief).code).toBe('lock_seat_error');
    expect(ALL).toHaveLength(8);
  });
});
