import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportAnswer } from '../../src/api/contract/reports.ts';
import type { Database } from '../db/types.ts';
import type { Insertable } from 'kysely';
import { features, PLAN, PRODUCT, products, VENUE, venues } from '../seed/catalogue.ts';
import { DEMO_STAFF } from '../seed/staff.ts';
import { seatShop } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { wallTime } from '../seed/calendar.ts';

/**
 * The staff reports against a hand-computed fixture: three shows of our own in January 2027 (one after
 * midnight, so it counts for the evening before), paid, cancelled, failed, held and euro orders on them,
 * products, and a box-office sale made through the real checkout with a clerk logged in at the counter.
 */
describe.each(dialects)('staff reports on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  let clerk: string;
  let seatPrice: number;
  let cinemaSeats: number;
  let hallSeats: number;
  const [managerUser, clerkUser] = DEMO_STAFF;
  const en = (id: number, list: { id: number; name?: object; title?: object }[]) =>
    ((list.find((x) => x.id === id)?.name ?? list.find((x) => x.id === id)?.title) as { en: string }).en;

  async function login(u: { username: string; password: string }, remoteAddress: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: u.username, password: u.password },
      remoteAddress,
    });
    return `staff_session=${/staff_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
  }
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  const report = async (url: string) => {
    const res = await get(`/api/staff/reports/${url}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportAnswer & { rows: Record<string, unknown>[] };
  };

  // 22 November 2026 (TEST_NOW's day): when every fixture order was confirmed.
  const TODAY = '?from=2026-11-22&to=2026-11-22&locale=en';
  const JAN = '?from=2027-01-10&to=2027-01-11&locale=en';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await login(managerUser!, '10.1.0.1');
    clerk = await login(clerkUser!, '10.1.0.2');
    const db = t.db.kysely;
    const jan = (d: number, h: number, m: number) => wallTime({ year: 2027, month: 1, day: d }, h, m);
    const show = (id: number, feature: number, venue: number, plan: number, startsAt: number, bd: string) =>
      ({
        id,
        feature_id: feature,
        venue_id: venue,
        seatplan_id: plan,
        venue_type_id: 1,
        seating_policy_id: 1,
        is_reserved: 1,
        auth_profile_id: 1,
        business_id: 1,
        starts_at: startsAt,
        business_date: bd,
        sale_start: t.clock.now(),
        sale_end: startsAt,
        lock_timer_json: '{}',
        service_charge: 500,
        is_display_qr: 1,
        view_area_filename: null,
        image_map_html: null,
        new_booking_url: null,
      }) satisfies Insertable<Database['presentations']>;
    await db
      .insertInto('presentations')
      .values([
        show(7701, 1, VENUE.cinema, PLAN.cinema1, jan(10, 19, 30), '2027-01-10'),
        // 00:15 on the 11th belongs to the business date of the 10th.
        show(7702, 2, VENUE.cinema, PLAN.cinema1, jan(11, 0, 15), '2027-01-10'),
        show(7703, 1, VENUE.musicHall, PLAN.musicHall, jan(11, 20, 30), '2027-01-11'),
      ])
      .execute();
    const confirmed = t.clock.now() - 3_600_000;
    let seat = 0;
    const order = async (
      id: string,
      state: Database['orders']['state'],
      tickets: { pi: number; price: number; sc: number; state?: Database['order_tickets']['state'] }[],
      lines: { product: number; quantity: number; unit: number }[] = [],
      extra: Partial<Insertable<Database['orders']>> = {},
    ) => {
      const ticketsTotal = tickets.reduce((s, x) => s + x.price, 0);
      const sc = tickets.reduce((s, x) => s + x.sc, 0);
      const productsTotal = lines.reduce((s, l) => s + l.quantity * l.unit, 0);
      await db
        .insertInto('customers')
        .values({ id: `c_${id}`, is_mailing_allowed: 0, created_at: confirmed, first_name: 'R' } as never)
        .execute();
      await db
        .insertInto('orders')
        .values({
          reservation_identifier: id,
          document_key: `key-${id}`,
          visitor: 'test',
          customer_id: `c_${id}`,
          state,
          locale: 'en',
          tickets_total: ticketsTotal,
          service_charge_total: sc,
          products_total: productsTotal,
          total: ticketsTotal + sc + productsTotal,
          number_of_payments: 1,
          created_at: confirmed,
          account_id: null,
          confirmed_at: state === 'paid' ? confirmed : null,
          ...extra,
        })
        .execute();
      for (const [i, x] of tickets.entries())
        await db
          .insertInto('order_tickets')
          .values({
            ticket_identifier: `${id}-${i}`,
            reservation_identifier: id,
            presentation_id: x.pi,
            section_id: 1,
            x: ++seat,
            y: 1,
            section_name: 'A',
            row_name: '1',
            seat_name: String(seat),
            ticket_group_id: 1,
            ticket_id: 101,
            price: x.price,
            service_charge: x.sc,
            is_sub_ticket: 0,
            state:
              x.state ??
              (state === 'paid' || state === 'held' ? 'valid' : state === 'failed' ? 'void' : 'cancelled'),
            sort: i,
          })
          .execute();
      for (const l of lines)
        await db
          .insertInto('order_products')
          .values({
            reservation_identifier: id,
            presentation_id: tickets[0]!.pi,
            product_id: l.product,
            quantity: l.quantity,
            unit_price: l.unit,
          })
          .execute();
    };
    // Nothing was sold on the day before the fixture (the demo customers' orders have no confirmation time).
    expect((await report(`sales-pos${TODAY}`)).rows.map((r) => r.orders)).toEqual([0, 0]);
    const a = { pi: 7701, price: 4200, sc: 500 };
    await order('RA', 'paid', [a, a], [{ product: PRODUCT.popcornL, quantity: 2, unit: 3000 }]); // 15,400
    await order(
      'RB',
      'paid',
      [
        { pi: 7701, price: 3500, sc: 500 },
        { ...a, state: 'cancelled' },
      ],
      [],
      {
        point_of_sale: 'box_office',
        sold_by_staff_id: 'boxoffice',
      },
    ); // a ticket of it cancelled later: 4,000 for the one left (its order total, 8,700, counts in full for sales by point of sale)
    const c = { pi: 7703, price: 9000, sc: 1200 };
    await order('RC', 'paid', [c, c, c], [{ product: PRODUCT.water, quantity: 1, unit: 1000 }]); // 31,600
    await order('RD', 'cancelled', [a, a], [{ product: PRODUCT.water, quantity: 5, unit: 1000 }]);
    await order('RE', 'failed', [{ pi: 7702, price: 4200, sc: 500 }]);
    await order('RG', 'held', [{ pi: 7702, price: 4200, sc: 500 }]);
    await order('RF', 'paid', [{ pi: 7702, price: 1000, sc: 0 }], [], { currency_code: 'EUR' });

    // The box-office sale, through the real checkout, with the clerk's staff session at the counter.
    const shop = await seatShop(t);
    seatPrice = shop.seatPrice;
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/commit',
      headers: { uuid, 'idempotency-key': crypto.randomUUID(), cookie: clerk },
      payload: shop.cart(seats) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    const plans = await db.selectFrom('seatplans').select(['id', 'seat_count']).execute();
    cinemaSeats = plans.find((p) => p.id === PLAN.cinema1)!.seat_count;
    hallSeats = plans.find((p) => p.id === PLAN.musicHall)!.seat_count;
  });
  afterAll(async () => t?.close());

  it('lists attendance by show time and venue, with occupancy and ticket revenue', async () => {
    const answer = await report(`attendance-shows${JAN}`);
    const cinema = en(VENUE.cinema, venues);
    expect(answer).toMatchObject({
      from: '2027-01-10',
      to: '2027-01-11',
      sort: 'date',
      dir: 'asc',
      total: 3,
    });
    expect(answer.rows).toEqual([
      expect.objectContaining({
        presentationId: 7701,
        feature: en(1, features as never),
        venue: cinema,
        tickets: 3,
        capacity: cinemaSeats,
        occupancyPermille: Math.floor(3000 / cinemaSeats),
        revenue: 13_400,
      }),
      expect.objectContaining({ presentationId: 7702, businessDate: '2027-01-10', tickets: 1, revenue: 0 }),
      expect.objectContaining({
        presentationId: 7703,
        venue: en(VENUE.musicHall, venues),
        tickets: 3,
        capacity: hallSeats,
        revenue: 30_600,
      }),
    ]);
    const bySales = await report(`attendance-shows${JAN}&sort=sales`);
    expect(bySales.dir).toBe('desc');
    expect(bySales.rows.map((r) => r.presentationId)).toEqual([7703, 7701, 7702]);
    const byPlace = await report(`attendance-shows${JAN}&sort=location&dir=desc`);
    const places = byPlace.rows.map((r) => `${String(r.venue)}\u0000${String(r.hall)}`);
    expect(places).toEqual([...places].sort().reverse());
  });

  it('sums attendance by feature, by business date, and ranks the top features', async () => {
    expect((await report(`attendance-features${JAN}`)).rows).toEqual([
      expect.objectContaining({ featureId: 1, shows: 2, tickets: 6, revenue: 44_000 }),
      expect.objectContaining({ featureId: 2, shows: 1, tickets: 1, revenue: 0 }),
    ]);
    expect((await report(`attendance-dates${JAN}`)).rows).toEqual([
      { date: '2027-01-10', shows: 2, tickets: 4, revenue: 13_400 },
      { date: '2027-01-11', shows: 1, tickets: 3, revenue: 30_600 },
    ]);
    expect((await report(`attendance-dates${JAN}&sort=sales`)).rows.map((r) => r.date)).toEqual([
      '2027-01-11',
      '2027-01-10',
    ]);
    const top = await report(`top-features${JAN}`);
    expect(top.rows.map((r) => [r.featureId, r.tickets])).toEqual([
      [1, 6],
      [2, 1],
    ]);
  });

  it('counts sales by point of sale: the clerk’s checkout is a box-office sale', async () => {
    const { rows } = await report(`sales-pos${TODAY}`);
    expect(rows).toEqual([
      { pointOfSale: 'box_office', orders: 2, tickets: 3, revenue: 8_700 + 2 * seatPrice },
      { pointOfSale: 'online', orders: 3, tickets: 6, revenue: 15_400 + 31_600 },
    ]);
    const sale = await t.db.kysely
      .selectFrom('orders')
      .select(['point_of_sale', 'sold_by_staff_id'])
      .where('sold_by_staff_id', '=', 'boxoffice')
      .where('reservation_identifier', '!=', 'RB')
      .execute();
    expect(sale).toEqual([{ point_of_sale: 'box_office', sold_by_staff_id: 'boxoffice' }]);
    expect((await report(`sales-pos${TODAY}&sort=sales`)).rows.map((r) => r.pointOfSale)).toEqual([
      'online',
      'box_office',
    ]);
  });

  it('lists the concessions sold most and least', async () => {
    const answer = await report(`concessions${TODAY}`);
    if (answer.report !== 'concessions') throw new Error('wrong report');
    expect(answer.most.slice(0, 2)).toEqual([
      { productId: PRODUCT.popcornL, product: en(PRODUCT.popcornL, products), quantity: 2, revenue: 6000 },
      { productId: PRODUCT.water, product: en(PRODUCT.water, products), quantity: 1, revenue: 1000 },
    ]);
    expect(answer.most.length).toBe(Math.min(10, answer.total));
    expect(answer.least[0]).toMatchObject({ quantity: 0, revenue: 0 });
    expect(answer.least.map((r) => r.quantity)).toEqual(
      [...answer.least.map((r) => r.quantity)].sort((x, y) => x - y),
    );
  });

  it('pages through the rows and tells the total', async () => {
    const range = '?from=2026-11-23&to=2026-11-29&pageSize=10';
    const first = await report(`attendance-shows${range}`);
    const shows = await t.db.kysely
      .selectFrom('presentations')
      .select('id')
      .where('business_date', '>=', '2026-11-23')
      .where('business_date', '<=', '2026-11-29')
      .where('venue_type_id', '<', 101)
      .execute();
    expect(first.total).toBe(shows.length);
    expect(first.rows).toHaveLength(10);
    const second = await report(`attendance-shows${range}&page=2`);
    expect(second.rows).toHaveLength(Math.min(10, shows.length - 10));
    expect(String(second.rows[0]!.startsAt) >= String(first.rows[9]!.startsAt)).toBe(true);
    const beyond = await report(`attendance-shows${range}&page=99`);
    expect(beyond).toMatchObject({ rows: [], total: shows.length });
  });

  it('exports a whole report as CSV, with a BOM, quoting, and shekels', async () => {
    const res = await get(`/api/staff/reports/attendance-dates/csv${JAN}&pageSize=10&page=2`, manager);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="attendance-dates-2027-01-10-2027-01-11.csv"',
    );
    expect(res.body).toBe(
      '\uFEFFdate,shows,tickets,revenue\r\n2027-01-10,2,4,134.00\r\n2027-01-11,1,3,306.00\r\n',
    );
    const he = await get(
      `/api/staff/reports/attendance-shows/csv?from=2027-01-10&to=2027-01-11&locale=he`,
      manager,
    );
    const lines = he.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFstarts_at,business_date,feature,venue,hall,tickets,capacity,occupancy_percent,revenue',
    );
    expect(lines[1]).toContain(`,2027-01-10,`);
    expect(lines[1]).toContain((venues.find((v) => v.id === VENUE.cinema)!.name as { he: string }).he);
    expect(
      lines[1]!.endsWith(
        ',3,' + cinemaSeats + ',' + (Math.floor(3000 / cinemaSeats) / 10).toFixed(1) + ',134.00',
      ),
    ).toBe(true);
  });

  it('keeps reports to managers, and refuses a sort or days a report does not take', async () => {
    expect((await get(`/api/staff/reports/sales-pos`)).json()).toMatchObject({
      statusCode: 401,
      code: 'staff_not_logged_in',
    });
    expect((await get(`/api/staff/reports/sales-pos/csv`)).statusCode).toBe(401);
    expect((await get(`/api/staff/reports/sales-pos`, clerk)).json()).toMatchObject({
      statusCode: 403,
      code: 'staff_forbidden',
    });
    const bad = async (url: string) =>
      (await get(`/api/staff/reports/${url}`, manager)).json() as { statusCode: number; code: string };
    expect(await bad('concessions?sort=date')).toMatchObject({
      statusCode: 400,
      code: 'report_sort_invalid',
    });
    expect(await bad('attendance-dates?sort=location')).toMatchObject({
      statusCode: 400,
      code: 'report_sort_invalid',
    });
    expect(await bad('attendance-dates?from=2027-01-12&to=2027-01-10')).toMatchObject({
      statusCode: 400,
      code: 'report_range_invalid',
    });
    expect(await bad('attendance-dates?from=2027-02-30')).toMatchObject({
      statusCode: 400,
      code: 'report_range_invalid',
    });
    expect(await bad('attendance-dates?from=2026-01-01&to=2027-06-01')).toMatchObject({
      statusCode: 400,
      code: 'report_range_invalid',
    });
    expect(await bad('attendance-dates?pageSize=7')).toMatchObject({ statusCode: 400 });
    expect(await bad('nonsense')).toMatchObject({ statusCode: 400 });
  });
});
