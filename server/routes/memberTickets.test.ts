import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { MemberTicketsAnswerSchema } from '../../src/api/contract/memberTickets.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { DEMO_CLUB_MEMBER, DEMO_POINTS_MEMBER } from '../seed/membershipIds.ts';
import { commit, errorOf, seatCart, seatShop, type SeatShop, ticketGroupsOf } from '../testing/checkout.ts';
import { lockAll, loginByEmail } from '../testing/checkoutScenarios.ts';
import { findPresentation, type PlanSeatInfo, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { asMember } from './memberTickets.testing.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
/** Member tickets of the cinema's regular price level (group 1): the club ticket and the points ticket. */
const CLUB = 171;
const POINTS = 172;
const FRIENDS_MEMBER_DANA = '7100';
const FRIENDS_MEMBER_AVI = '7102';
const EXPIRED_CLUB_AVI = '7103';

type Seats = NonNullable<CommitBody['cart']['seats']>;

describe.each(dialects)('member tickets in the seat order on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let avi: string;
  let dana: string;

  const member = (n: string) =>
    t.db.kysely.selectFrom('members').selectAll().where('member_number', '=', n).executeTakeFirstOrThrow();
  const setMember = (
    n: string,
    set: { used_balance?: number; points_balance?: number; start_date?: string },
  ) => t.db.kysely.updateTable('members').set(set).where('member_number', '=', n).execute();
  async function read(id: number, cookie?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/presentations/${id}/member-tickets`,
      headers: cookie ? { cookie: `customer_session=${cookie}` } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return MemberTicketsAnswerSchema.parse(res.json());
  }
  /** A fresh visitor holding `n` regular seats of the movie, buying them as `cookie`'s customer. */
  async function attempt(n: number, ticketId: number, memberNumber: string | undefined, cookie?: string) {
    const me = visitor();
    const seats = await shop.hold(me, n);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      asMember(shop.cart(seats), ticketId, memberNumber),
      cookie,
    );
    return res;
  }

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

  it('answers an empty list logged out, and each member’s tickets and standing logged in', async () => {
    expect(await read(shop.movie.id)).toEqual({ members: [], memberTickets: [] });
    const forAvi = await read(shop.movie.id, avi);
    expect(forAvi.members).toEqual([
      expect.objectContaining({
        memberNumber: DEMO_CLUB_MEMBER,
        name: 'Avi Cohen',
        isAvailable: true,
        isExpired: false,
        hasTicketBalance: true,
        balanceLeft: 8,
      }),
      expect.objectContaining({ memberNumber: EXPIRED_CLUB_AVI, isExpired: true, isAvailable: false }),
    ]);
    // Friends prices are for orchestra evenings: no Friends member at the cinema.
    expect(forAvi.members.some((m) => m.memberNumber === FRIENDS_MEMBER_AVI)).toBe(false);
    expect(forAvi.memberTickets).toContainEqual(
      expect.objectContaining({
        ticketGroupId: 1,
        memberNumber: DEMO_CLUB_MEMBER,
        loyaltyPointsPrice: null,
        ticket: expect.objectContaining({
          id: CLUB,
          price: 0,
          name: expect.objectContaining({ en: 'Club ticket' }),
        }),
      }),
    );
    const forDana = await read(shop.movie.id, dana);
    expect(forDana.members).toContainEqual(
      expect.objectContaining({
        memberNumber: DEMO_POINTS_MEMBER,
        hasTicketBalance: false,
        balanceLeft: null,
        pointsBalance: 1200,
        isAvailable: true,
      }),
    );
    expect(forDana.memberTickets).toContainEqual(
      expect.objectContaining({
        memberNumber: DEMO_POINTS_MEMBER,
        loyaltyPointsPrice: 500,
        ticket: expect.objectContaining({ id: POINTS }),
      }),
    );
    expect(forDana.memberTickets.some((x) => x.ticket.id === CLUB)).toBe(false);
  });

  it('sells the club ticket from the balance and writes the member on the ticket', async () => {
    const res = await attempt(2, CLUB, DEMO_CLUB_MEMBER, avi);
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    expect(done.order.totals.tickets).toBe(0);
    expect((await member(DEMO_CLUB_MEMBER)).used_balance).toBe(4);
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['member_number', 'points_used', 'price'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .execute();
    expect(tickets).toEqual([
      { member_number: DEMO_CLUB_MEMBER, points_used: 0, price: 0 },
      { member_number: DEMO_CLUB_MEMBER, points_used: 0, price: 0 },
    ]);
    expect((await read(shop.movie.id, avi)).members[0]!.balanceLeft).toBe(6);
  });

  it('refuses more club tickets than are left, and none when the balance is spent', async () => {
    await setMember(DEMO_CLUB_MEMBER, { used_balance: 9 });
    expect(errorOf(await attempt(2, CLUB, DEMO_CLUB_MEMBER, avi))).toMatchObject({
      status: 409,
      code: 'ticket_balance_error',
      params: { memberNumber: DEMO_CLUB_MEMBER, balance: 1 },
    });
    await setMember(DEMO_CLUB_MEMBER, { used_balance: 10 });
    expect(errorOf(await attempt(1, CLUB, DEMO_CLUB_MEMBER, avi)).code).toBe('memberNoneAvailable');
    expect((await member(DEMO_CLUB_MEMBER)).used_balance).toBe(10);
  });

  it('refuses expired, not started, foreign and missing members, and visitors not logged in', async () => {
    expect(errorOf(await attempt(1, CLUB, EXPIRED_CLUB_AVI, avi)).code).toBe('memberExpired');
    await setMember(DEMO_CLUB_MEMBER, { start_date: '2027-01-01' });
    expect(errorOf(await attempt(1, CLUB, DEMO_CLUB_MEMBER, avi)).code).toBe('memberNotStarted');
    await setMember(DEMO_CLUB_MEMBER, { start_date: '2026-10-01' });
    // Dana's member, a member of another membership, no member at all.
    expect(errorOf(await attempt(1, POINTS, DEMO_POINTS_MEMBER, avi)).code).toBe('memberNotFound');
    expect(errorOf(await attempt(1, CLUB, FRIENDS_MEMBER_AVI, avi)).code).toBe('memberNotFound');
    expect(errorOf(await attempt(1, CLUB, undefined, avi)).code).toBe('memberNotFound');
    expect(errorOf(await attempt(1, CLUB, '99999', avi)).code).toBe('memberNotFound');
    expect(errorOf(await attempt(1, CLUB, DEMO_CLUB_MEMBER))).toMatchObject({
      status: 401,
      code: 'not_logged_in',
    });
    expect((await member(DEMO_CLUB_MEMBER)).used_balance).toBe(2);
  });

  it('pays tickets with points within the points balance', async () => {
    expect(errorOf(await attempt(3, POINTS, DEMO_POINTS_MEMBER, dana)).code).toBe('loyalty_points_error');
    expect((await member(DEMO_POINTS_MEMBER)).points_balance).toBe(1200);
    const res = await attempt(2, POINTS, DEMO_POINTS_MEMBER, dana);
    expect(res.statusCode, res.body).toBe(200);
    const rid = CheckoutCompletedSchema.parse(res.json()).reservationIdentifier;
    expect((await member(DEMO_POINTS_MEMBER)).points_balance).toBe(200);
    const used = await t.db.kysely
      .selectFrom('order_tickets')
      .select('points_used')
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(used.map((u) => u.points_used)).toEqual([500, 500]);
    expect(errorOf(await attempt(1, POINTS, DEMO_POINTS_MEMBER, dana)).code).toBe('loyalty_points_error');
  });

  describe('Friends prices at an orchestra evening', () => {
    let concert: PresentationSummary;
    let groups: TicketGroup[];
    let pool: PlanSeatInfo[];
    async function friends(n: number, memberNumber: string | undefined, cookie: string, extra = {}) {
      const me = visitor();
      const seats = pool.splice(0, n);
      await lockAll(t.app, me, concert, seats);
      const body = seatCart(concert, groups, seats, extra);
      const cart = {
        ...body.cart,
        seats: (body.cart.seats as Seats).map((s) => ({
          ...s,
          ticketId: Number(s.tg) * 100 + 70,
          ...(memberNumber ? { memberNumber } : {}),
        })),
      };
      return commit(t.app, me, crypto.randomUUID(), { ...body, cart }, cookie);
    }
    beforeAll(async () => {
      concert = await findPresentation(t.app, (p) => p.seatplanId === 31 && p.saleStatus === 'open');
      groups = await ticketGroupsOf(t.app, concert);
      pool = (await plainFreeSeats(t.app, concert)).filter((s) => s.ticketGroupId === 22 && !s.premium);
    });

    it('sells the Friends price as a member-sale ticket, in a normal order and in a hold order', async () => {
      const full = groups.find((g) => g.id === 22)!.tickets.find((x) => x.price > 0)!.price;
      const res = await friends(1, FRIENDS_MEMBER_DANA, dana);
      expect(res.statusCode, res.body).toBe(200);
      expect(CheckoutCompletedSchema.parse(res.json()).order.totals.tickets).toBe(Math.round(19000 * 0.8));
      expect(full).toBeGreaterThan(Math.round(19000 * 0.8));
      const held = await friends(2, FRIENDS_MEMBER_DANA, dana, { isHold: true, creditcardInfo: undefined });
      expect(held.statusCode, held.body).toBe(200);
      // A membership without a ticket balance draws on none.
      expect((await member(FRIENDS_MEMBER_DANA)).used_balance).toBe(5000);
    });

    it('refuses member-sale tickets where the membership does not allow them', async () => {
      await t.db.kysely
        .updateTable('memberships')
        .set({ allow_member_sale_tickets: 0 })
        .where('id', '=', 1)
        .execute();
      try {
        expect(errorOf(await friends(1, FRIENDS_MEMBER_DANA, dana))).toMatchObject({
          status: 403,
          code: 'no_valid_membership_for_member_sale',
        });
      } finally {
        await t.db.kysely
          .updateTable('memberships')
          .set({ allow_member_sale_tickets: 1 })
          .where('id', '=', 1)
          .execute();
      }
    });
  });
});
