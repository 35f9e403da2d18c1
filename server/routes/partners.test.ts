import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitBody } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import type { MiniSiteStorefront, MiniSitesAnswer } from '../../src/api/contract/partners.ts';
import { TG, VENUE } from '../seed/catalogue.ts';
import { DEMO_STAFF } from '../seed/staff.ts';
import {
  DEMO_INTEGRATION_SECRET,
  INTEGRATION_PARTNER,
  MINI_SITE,
  partnerTicketId,
} from '../seed/partners.ts';
import { commit, errorOf, type SeatShop, seatShop } from '../testing/checkout.ts';
import { findPresentation, freeSeats, lock, lockBody } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

const HOTEL = 'sea-breeze-hotels';
const WORKERS = 'tech-workers-committee';
const HOTEL_TICKET = partnerTicketId(TG.cinemaRegular, 'hotel');
const WORKERS_TICKET = partnerTicketId(TG.cinemaRegular, 'workers');
const PARTNER_TICKET = partnerTicketId(TG.cinemaRegular, 'integration');

const sign = (ts: string, secret = DEMO_INTEGRATION_SECRET) =>
  createHmac('sha256', secret).update(ts).digest('hex');

/** Partners (issue 20): mini-sites' prices and presentations, and signed integration links. */
describe.each(dialects)('partners on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let orchestra: PresentationSummary;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    orchestra = await findPresentation(
      t.app,
      (p) => p.venueId === VENUE.philharmonic && p.saleStatus === 'open',
    );
  });
  afterAll(async () => t?.close());

  const get = (url: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, query });
  const ticketIds = async (id: number, query: Record<string, string> = {}) => {
    const res = await get(`/api/presentations/${id}/ticketGroups`, query);
    expect(res.statusCode).toBe(200);
    return (res.json() as { ticketGroups: TicketGroup[] }).ticketGroups.flatMap((g) => g.tickets);
  };
  /** A cart of one held seat of the movie with the given ticket, and the context fields. */
  async function heldCart(
    ticketId: number,
    extra: Partial<CommitBody> = {},
    cart: Partial<CommitBody['cart']> = {},
  ) {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const body = shop.cart(seats);
    body.cart.seats = body.cart.seats!.map((s) => ({ ...s, ticketId }));
    return { uuid, body: { ...body, ...extra, cart: { ...body.cart, ...cart } } };
  }
  async function enter(ts: string, key: string, ret = 'https://partner.example/back?order=1') {
    return get('/api/integration', { TS: ts, ret, key });
  }
  const nowTs = () => String(Math.floor(t.clock.now() / 1000));

  describe('mini-sites', () => {
    it('lists the mini-sites and opens a storefront with only its presentations', async () => {
      const list = (await get('/api/mini-sites')).json() as MiniSitesAnswer;
      expect(list.miniSites.map((m) => [m.id, m.slug, m.kind])).toEqual([
        [MINI_SITE.seaBreeze, HOTEL, 'hotelChain'],
        [MINI_SITE.techWorkers, WORKERS, 'workersCommittee'],
      ]);
      const res = await get(`/api/mini-sites/${HOTEL}`);
      expect(res.statusCode).toBe(200);
      const site = res.json() as MiniSiteStorefront;
      expect(site.logoUrl).toMatch(/\.svg$/);
      expect(site.presentations.length).toBeGreaterThan(0);
      expect(new Set(site.presentations.map((p) => p.venueId))).toEqual(
        new Set([VENUE.cinema, VENUE.musicHall]),
      );
      expect(errorOf(await get('/api/mini-sites/no-such-site'))).toMatchObject({
        status: 404,
        code: 'miniSiteNotFound',
      });
    });

    it("lists a mini-site's price only through that mini-site", async () => {
      const plain = (await ticketIds(shop.movie.id)).map((x) => x.id);
      expect(plain).not.toContain(HOTEL_TICKET);
      expect(plain).not.toContain(WORKERS_TICKET);
      const hotel = await ticketIds(shop.movie.id, { miniSiteUrl: HOTEL });
      expect(hotel.find((x) => x.id === HOTEL_TICKET)?.price).toBe(3200);
      expect(hotel.map((x) => x.id)).not.toContain(WORKERS_TICKET);
      expect(hotel.map((x) => x.id)).toEqual(expect.arrayContaining(plain));
      const workers = (await ticketIds(shop.movie.id, { miniSiteUrl: WORKERS })).map((x) => x.id);
      expect(workers).toContain(WORKERS_TICKET);
      expect(workers).not.toContain(HOTEL_TICKET);
      // The plain answer is still the plain one after the context's (separate cache entries).
      expect((await ticketIds(shop.movie.id)).map((x) => x.id)).toEqual(plain);
    });

    it('answers eventError for a presentation the mini-site does not sell, miniSiteNotFound for none', async () => {
      const q = { miniSiteUrl: HOTEL };
      for (const url of [
        `/api/presentations/${orchestra.id}`,
        `/api/presentations/${orchestra.id}/ticketGroups`,
      ])
        expect(errorOf(await get(url, q))).toMatchObject({ status: 409, code: 'eventError' });
      const status = await get('/api/seats/seats-statusV2', {
        presentationId: String(orchestra.id),
        venueTypeId: String(orchestra.venueTypeId),
        isReserved: '1',
        miniSiteUrl: HOTEL,
      });
      expect(errorOf(status)).toMatchObject({ status: 409, code: 'eventError' });
      expect((await get(`/api/presentations/${orchestra.id}`, { miniSiteUrl: WORKERS })).statusCode).toBe(
        200,
      );
      expect((await get(`/api/presentations/${orchestra.id}`)).statusCode).toBe(200);
      expect(
        errorOf(await get(`/api/presentations/${shop.movie.id}`, { miniSiteUrl: 'nope' })),
      ).toMatchObject({
        status: 404,
        code: 'miniSiteNotFound',
      });
    });

    it("refuses a mini-site's price at the commit without that mini-site", async () => {
      for (const extra of [{}, { miniSiteUrl: WORKERS }]) {
        const { uuid, body } = await heldCart(HOTEL_TICKET, extra);
        const res = await commit(t.app, uuid, crypto.randomUUID(), body);
        expect(errorOf(res)).toMatchObject({ status: 409, code: 'ticket_not_in_group' });
      }
    });

    it('sells through the mini-site at its price and records the referral', async () => {
      const { uuid, body } = await heldCart(
        HOTEL_TICKET,
        { miniSiteUrl: HOTEL },
        { referralMiniSiteId: MINI_SITE.seaBreeze },
      );
      const res = await commit(t.app, uuid, crypto.randomUUID(), body);
      expect(res.statusCode).toBe(200);
      const answer = res.json() as {
        status: string;
        reservationIdentifier: string;
        order: { referralMiniSiteId: number | null; tickets: { price: number }[] };
      };
      expect(answer.status).toBe('completed');
      expect(answer.order.tickets[0]?.price).toBe(3200);
      expect(answer.order.referralMiniSiteId).toBe(MINI_SITE.seaBreeze);
      const row = await t.db.kysely
        .selectFrom('orders')
        .select(['referral_mini_site_id', 'integration_partner_id'])
        .where('reservation_identifier', '=', answer.reservationIdentifier)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ referral_mini_site_id: MINI_SITE.seaBreeze, integration_partner_id: null });
    });

    it('splits the sales by mini-site in the staff reports', async () => {
      const [manager] = DEMO_STAFF;
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { username: manager!.username, password: manager!.password },
      });
      const cookie = `staff_session=${/staff_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]}`;
      const q = '?from=2026-11-22&to=2026-11-22&locale=en';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/reports/sales-mini-site${q}`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = res.json() as {
        rows: {
          miniSiteId: number | null;
          miniSite: string;
          orders: number;
          tickets: number;
          revenue: number;
        }[];
      };
      expect(rows).toEqual([
        {
          miniSiteId: MINI_SITE.seaBreeze,
          miniSite: 'Sea Breeze Hotels',
          orders: 1,
          tickets: 1,
          revenue: 3200 + 500,
        },
        {
          miniSiteId: MINI_SITE.techWorkers,
          miniSite: "Tech Workers' Committee",
          orders: 0,
          tickets: 0,
          revenue: 0,
        },
        { miniSiteId: null, miniSite: '', orders: 0, tickets: 0, revenue: 0 },
      ]);
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/staff/reports/sales-mini-site/csv${q}`,
        headers: { cookie },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Sea Breeze Hotels,1,1,37.00');
      expect((await get('/api/staff/reports/sales-mini-site')).statusCode).toBe(401);
    });

    it('refuses a referralMiniSiteId that is not the mini-site of miniSiteUrl', async () => {
      for (const [extra, cart] of [
        [{ miniSiteUrl: HOTEL }, { referralMiniSiteId: MINI_SITE.techWorkers }],
        [{}, { referralMiniSiteId: MINI_SITE.seaBreeze }],
      ] as const) {
        const { uuid, body } = await heldCart(1 * 100 + 1, extra, cart);
        const res = await commit(t.app, uuid, crypto.randomUUID(), body);
        expect(errorOf(res)).toMatchObject({ status: 400, code: 'miniSiteReferralMismatch' });
      }
    });

    it('refuses a commit through a mini-site of a presentation it does not sell', async () => {
      const uuid = visitor();
      const seat = (await freeSeats(t.app, orchestra)).find((s) => s.ticketGroupId === TG.orchestraC)!;
      expect((await lock(t.app, uuid, lockBody(orchestra, seat))).statusCode).toBe(200);
      const res = await commit(t.app, uuid, crypto.randomUUID(), {
        ...shop.cart([]),
        miniSiteUrl: HOTEL,
        cart: {
          ...shop.cart([]).cart,
          seats: [
            {
              pi: orchestra.id,
              si: seat.sectionId,
              x: seat.x,
              y: seat.y,
              tg: seat.ticketGroupId,
              ticketId: TG.orchestraC * 100 + 1,
            },
          ],
        },
      });
      expect(errorOf(res)).toMatchObject({ status: 409, code: 'eventError' });
    });
  });

  describe('integrations', () => {
    it('answers an integrationId for a valid link, and refuses altered, stale and foreign ones', async () => {
      const ts = nowTs();
      const ok = await enter(ts, sign(ts));
      expect(ok.statusCode).toBe(200);
      expect((ok.json() as { integrationId: string }).integrationId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const key = sign(ts);
      const altered = (key[0] === 'a' ? 'b' : 'a') + key.slice(1);
      const stale = String(Number(ts) - 6 * 60);
      const future = String(Number(ts) + 6 * 60);
      for (const res of [
        await enter(ts, altered),
        await enter(ts, sign(ts, 'another-partner-secret')),
        await enter(String(Number(ts) + 1), key),
        await enter(stale, sign(stale)),
        await enter(future, sign(future)),
        await enter(ts, key, 'https://evil.example/back'),
        await enter(ts, key, 'http://partner.example/back'),
        await enter(ts, key, 'https://partner.example.evil.example/'),
        await enter(ts, key, '//partner.example/back'),
        await enter(ts, key, 'javascript:alert(1)'),
        await enter('not-a-time', key),
      ])
        expect(errorOf(res)).toMatchObject({ status: 403, code: 'integrationError' });
      const near = String(Number(ts) - 4 * 60);
      expect((await enter(near, sign(near))).statusCode).toBe(200);
      expect((await get('/api/integration', { TS: ts })).statusCode).toBe(400);
    });

    it("lists and sells the partner's price only with a live integrationId, and records the partner", async () => {
      const ts = nowTs();
      const { integrationId } = (await enter(ts, sign(ts))).json() as { integrationId: string };
      expect((await ticketIds(shop.movie.id)).map((x) => x.id)).not.toContain(PARTNER_TICKET);
      expect((await ticketIds(shop.movie.id, { integrationId })).map((x) => x.id)).toContain(PARTNER_TICKET);

      const refused = await heldCart(PARTNER_TICKET);
      const no = await commit(t.app, refused.uuid, crypto.randomUUID(), refused.body);
      expect(errorOf(no)).toMatchObject({ status: 409, code: 'ticket_not_in_group' });

      const { uuid, body } = await heldCart(PARTNER_TICKET, { integrationId });
      const res = await commit(t.app, uuid, crypto.randomUUID(), body);
      expect(res.statusCode).toBe(200);
      const rid = (res.json() as { reservationIdentifier: string }).reservationIdentifier;
      const row = await t.db.kysely
        .selectFrom('orders')
        .select(['integration_partner_id', 'referral_mini_site_id'])
        .where('reservation_identifier', '=', rid)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ integration_partner_id: INTEGRATION_PARTNER.demo, referral_mini_site_id: null });
    });

    it('refuses an expired integrationId at the commit and on the reads', async () => {
      const ts = nowTs();
      const { integrationId } = (await enter(ts, sign(ts))).json() as { integrationId: string };
      const { uuid, body } = await heldCart(PARTNER_TICKET, { integrationId });
      const start = t.clock.now();
      t.clock.advance(5 * 3_600_000);
      try {
        const res = await commit(t.app, uuid, crypto.randomUUID(), body);
        expect(errorOf(res)).toMatchObject({ status: 403, code: 'integrationError' });
        const read = await get(`/api/presentations/${orchestra.id}/ticketGroups`, { integrationId });
        expect(errorOf(read)).toMatchObject({ status: 403, code: 'integrationError' });
        const unknown = await get(`/api/presentations/${orchestra.id}`, { integrationId: 'not-an-entry' });
        expect(errorOf(unknown)).toMatchObject({ status: 403, code: 'integrationError' });
      } finally {
        t.clock.set(start);
      }
    });
  });
});
