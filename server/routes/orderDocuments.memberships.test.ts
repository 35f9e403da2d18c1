import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import type { CommitBody } from '../../src/api/contract/order.ts';
import { OrderDocumentSchema } from '../../src/api/contract/order.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { DEMO_CLUB_MEMBER, MEMBERSHIP, MEMBERSHIP_PRICE as P } from '../seed/membershipIds.ts';
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
} from '../services/enrolment/testing.ts';
import { commit, loginByEmail } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { buy, purchaseCart } from '../testing/purchases.ts';

const [DANA, AVI] = DEMO_CUSTOMERS;
type Line = NonNullable<CommitBody['cart']['memberships']>[number];
const line = (id: number, priceId: number, over: Partial<Line> = {}): Line => ({
  id,
  priceId,
  termsAccepted: true,
  ...over,
});

/**
 * The e-document (GET /api/edocument/{documentKey}, the page /edocument/{documentKey}) of a membership
 * order and of a season enrolment order: the membership cards with their member numbers, and the
 * enrolment's season and member number above its e-tickets, one per concert.
 */
describe.each(dialects)('membership and enrolment e-documents on %s', (dialect) => {
  let t: TestApp;
  let dana: string;
  let avi: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dana = await loginByEmail(t.app, DANA);
    avi = await loginByEmail(t.app, AVI);
  });
  afterAll(async () => t?.close());

  async function documentOf(documentKey: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/edocument/${documentKey}` });
    expect(res.statusCode, res.body).toBe(200);
    return OrderDocumentSchema.parse(res.json());
  }
  async function bought(lines: Line[], cookie: string) {
    const res = await buy(t.app, purchaseCart({ memberships: lines }), cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json());
  }

  it('shows each membership of the order with its member number, dates, price and terms', async () => {
    const done = await bought(
      [line(MEMBERSHIP.friends, P.friends), line(MEMBERSHIP.cinemaClub, P.cinemaClub)],
      dana,
    );
    const doc = await documentOf(done.documentKey);
    expect(doc.tickets).toEqual([]);
    expect(doc.enrolment ?? null).toBeNull();
    const [friends, cinema] = doc.memberships!;
    expect(friends).toMatchObject({
      membershipId: MEMBERSHIP.friends,
      kind: 'new',
      total: 45000,
      currencyCode: 'ILS',
      memberNumber: expect.stringMatching(/^9\d{7}$/),
      startDate: expect.any(String),
      endDate: expect.any(String),
      isCancelled: false,
      topUpTickets: 0,
      termsTitle: expect.objectContaining({ en: expect.any(String) }),
    });
    expect(cinema).toMatchObject({ membershipId: MEMBERSHIP.cinemaClub, balance: 10 });
    expect(cinema!.memberNumber).not.toBe(friends!.memberNumber);
    // The members are the customer's, with the numbers the document prints.
    const members = await t.db.kysely
      .selectFrom('members')
      .select(['member_number', 'membership_id', 'state'])
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .orderBy('membership_id')
      .execute();
    expect(members).toEqual([
      { member_number: friends!.memberNumber, membership_id: MEMBERSHIP.friends, state: 'active' },
      { member_number: cinema!.memberNumber, membership_id: MEMBERSHIP.cinemaClub, state: 'active' },
    ]);
    // The confirmation answer carries the same cards.
    expect(done.order.memberships).toEqual(doc.memberships);
  });

  it('shows a top-up with the member tickets it added and the member it topped up', async () => {
    const done = await bought(
      [line(MEMBERSHIP.cinemaClub, P.cinemaTopUp, { kind: 'topUp', memberNumber: DEMO_CLUB_MEMBER })],
      avi,
    );
    const doc = await documentOf(done.documentKey);
    expect(doc.memberships).toEqual([
      expect.objectContaining({ kind: 'topUp', memberNumber: DEMO_CLUB_MEMBER, topUpTickets: 10 }),
    ]);
  });

  it('shows a season enrolment: the season, the member number, an e-ticket in each concert', async () => {
    const season = await enrolmentOf(t.app, 'SEASON-2027');
    const { free } = await freeAcross(t.app, season.MembershipId, [...REQUIRED, ...OPTIONAL]);
    const seat = [...free].filter(([, tg]) => tg === 22).map(([k]) => seatFromKey(k, 22))[0]!;
    const me = visitor();
    const chosen = [OPTIONAL[0]!, OPTIONAL[1]!];
    const held = await lockedOk(await enrolLock(t.app, me, season, lockBodyOf(season, seat, chosen), dana));
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      enrolmentCart(season.MembershipId, { ticketGroupId: 22, ticketId: 2201 }, held.selections),
      dana,
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = CheckoutCompletedSchema.parse(res.json());
    const doc = await documentOf(done.documentKey);
    expect(doc.enrolment).toMatchObject({
      membershipId: season.MembershipId,
      seasonName: expect.objectContaining({ en: expect.stringContaining('2026/27') }),
      memberNumber: expect.stringMatching(/^8\d{7}$/),
      isCancelled: false,
    });
    expect(doc.memberships).toEqual([]);
    expect(doc.presentations.map((p) => p.id).sort()).toEqual([...REQUIRED, ...chosen].sort());
    expect(doc.tickets).toHaveLength(REQUIRED.length + chosen.length);
    for (const p of doc.presentations)
      expect(doc.tickets.filter((tk) => tk.presentationId === p.id)).toHaveLength(1);
    const numbers = await t.db.kysely
      .selectFrom('order_tickets')
      .select('member_number')
      .distinct()
      .where('reservation_identifier', '=', done.reservationIdentifier)
      .execute();
    expect(numbers).toEqual([{ member_number: doc.enrolment!.memberNumber }]);
  });

  it('answers order_not_found for an unknown document key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/edocument/nosuchdocumentkey0000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'order_not_found' });
  });
});
