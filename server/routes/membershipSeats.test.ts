import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { MembershipLockSeatAnswerSchema } from '../../src/api/contract/memberships.ts';
import { SeatsStatusAnswerSchema } from '../../src/api/contract/seats.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { MEMBERSHIP, MEMBERSHIP_PRICE as P, SERIES_PRESENTATIONS } from '../seed/membershipIds.ts';
import { cancelOrderInTransaction } from '../services/checkout/cancelOrder.ts';
import { commit, errorOf, loginByEmail } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { purchaseCart } from '../testing/purchases.ts';

const [DANA] = DEMO_CUSTOMERS;
const CLASSICS = MEMBERSHIP.seriesClassics;
const SHOWS = SERIES_PRESENTATIONS[CLASSICS]!;

describe.each(dialects)('membership seats on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  let free: { si: number; x: number; y: number; tg: number }[];
  let plan: { venueId: number; seatplanId: number };

  const status = async (uuid?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/membership/seats-status?membershipId=${CLASSICS}`,
      headers: uuid ? { uuid } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return SeatsStatusAnswerSchema.parse(res.json());
  };
  const seatBody = (s: { si: number; x: number; y: number; tg: number }, selections: typeof free = []) => ({
    seat: {
      MembershipId: CLASSICS,
      VenueId: plan.venueId,
      VenueSeatplanId: plan.seatplanId,
      VenueSectionId: s.si,
      TicketGroupId: s.tg,
      XCoordinate: s.x,
      YCoordinate: s.y,
      selections,
    },
  });
  const put = (url: string, uuid: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/membership/${url}`, headers: { uuid }, payload });
  const holdsOf = (s: { si: number; x: number; y: number }) =>
    t.db.kysely
      .selectFrom('seat_holds')
      .select(['presentation_id', 'visitor', 'state', 'claimed_by'])
      .where('presentation_id', 'in', SHOWS)
      .where('section_id', '=', s.si)
      .where('x', '=', s.x)
      .where('y', '=', s.y)
      .orderBy('presentation_id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
    const p = await t.db.kysely
      .selectFrom('presentations')
      .select(['venue_id', 'seatplan_id'])
      .where('id', '=', SHOWS[0]!)
      .executeTakeFirstOrThrow();
    plan = { venueId: p.venue_id, seatplanId: p.seatplan_id };
    const seats = (await status()).seats;
    free = Object.entries(seats)
      .slice(0, 5)
      .map(([k, v]) => {
        const [si, x, y] = k.split('_').map(Number) as [number, number, number];
        return { si, x, y, tg: Number(v.split(',')[0]) };
      });
  });
  afterAll(async () => t?.close());

  it('serves the membership’s plan, and refuses a membership without seats', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/membership/seatplan?membershipId=${CLASSICS}`,
    });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().S)).toBe(true);
    const friends = await t.app.inject({ method: 'GET', url: '/api/membership/seatplan?membershipId=1' });
    expect(errorOf(friends).code).toBe('formValidation');
  });

  it('holds the seat in all three concerts, swaps with selections and refuses another visitor', async () => {
    const me = visitor();
    const other = visitor();
    const [a, b] = free as [(typeof free)[0], (typeof free)[0]];
    const lock = await put('lock-seat', me, seatBody(a));
    expect(lock.statusCode, lock.body).toBe(200);
    expect(MembershipLockSeatAnswerSchema.parse(lock.json()).selections).toEqual([a]);
    expect((await holdsOf(a)).map((h) => h.visitor)).toEqual([me, me, me]);
    expect((await status(me)).held).toEqual([`${a.si}_${a.x}_${a.y}`]);
    expect(errorOf(await put('lock-seat', other, seatBody(a))).code).toBe('lock_seat_error');
    const swap = await put('lock-seat', me, seatBody(b, [a]));
    expect(MembershipLockSeatAnswerSchema.parse(swap.json()).selections).toEqual([b]);
    expect(await holdsOf(a)).toEqual([]);
    expect(await holdsOf(b)).toHaveLength(3);
    const unlock = await put('unlock-seat', me, seatBody(b, [b]));
    expect(MembershipLockSeatAnswerSchema.parse(unlock.json()).selections).toEqual([]);
    expect(await holdsOf(b)).toEqual([]);
  });

  it('gives a seat two visitors ask for at once to one of them, in every concert', async () => {
    const s = free[4]!;
    const [one, two] = [visitor(), visitor()];
    const answers = await Promise.all([
      put('lock-seat', one, seatBody(s)),
      put('lock-seat', two, seatBody(s)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? one : two;
    expect((await holdsOf(s)).map((h) => h.visitor)).toEqual([winner, winner, winner]);
    await put('unlock-seat', winner, seatBody(s, [s]));
  });

  it('refuses the seat where one concert has it taken: all or nothing', async () => {
    const c = free[2]!;
    await t.db.kysely
      .insertInto('seat_holds')
      .values({
        presentation_id: SHOWS[2]!,
        section_id: c.si,
        x: c.x,
        y: c.y,
        visitor: 'box-office',
        state: 'sold',
        expires_at: 8_640_000_000_000_000,
        created_at: t.clock.now(),
      })
      .execute();
    expect(errorOf(await put('lock-seat', visitor(), seatBody(c))).code).toBe('lock_seat_error');
    expect((await holdsOf(c)).map((h) => h.state)).toEqual(['sold']);
    expect((await status()).seats[`${c.si}_${c.x}_${c.y}`]).toBeUndefined();
  });

  it('sells the series membership with its seat claimed in each concert as tickets; cancelling frees them', async () => {
    const me = visitor();
    const s = free[3]!;
    const line = { id: CLASSICS, priceId: P.seriesClassics, termsAccepted: true };
    const body = (seat?: typeof s) => purchaseCart({ memberships: [{ ...line, ...(seat ? { seat } : {}) }] });
    const none = await commit(t.app, me, crypto.randomUUID(), body(), dana);
    expect(errorOf(none).code, none.body).toBe('membership_seat_required');
    expect(errorOf(await commit(t.app, me, crypto.randomUUID(), body(s), dana)).code).toBe(
      'membership_seat_required',
    );
    expect((await put('lock-seat', me, seatBody(s))).statusCode).toBe(200);
    const res = await commit(t.app, me, crypto.randomUUID(), body(s), dana);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    expect(done.payments[0]!.amount).toBe(54000);
    expect(done.order.memberships![0]!.memberNumber).toMatch(/^9\d{7}$/);
    expect((await holdsOf(s)).map((h) => h.state)).toEqual(['sold', 'sold', 'sold']);
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['presentation_id', 'state', 'price'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .orderBy('presentation_id')
      .execute();
    expect(tickets).toEqual(SHOWS.map((id) => ({ presentation_id: id, state: 'valid', price: 0 })));
    expect(done.order.tickets).toHaveLength(3);
    await t.db.kysely.transaction().execute((trx) =>
      cancelOrderInTransaction(trx, done.reservationIdentifier, 0, t.clock.now(), {
        cancel_fee: 0,
        refund_amount: 0,
      }),
    );
    expect(await holdsOf(s)).toEqual([]);
    const member = await t.db.kysely
      .selectFrom('members')
      .select('state')
      .where('member_number', '=', done.order.memberships![0]!.memberNumber!)
      .executeTakeFirstOrThrow();
    expect(member.state).toBe('cancelled');
  });
});
