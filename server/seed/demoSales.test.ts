import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/** The demo sales: the box office's sold seats as paid orders whose totals add up. */
describe.each(dialects)('demo sales on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { demoSales: true });
  });
  afterAll(async () => t?.close());

  it('sells the box office’s seats in paid orders of 1-6 seats, most of them at the counter', async () => {
    const db = t.db.kysely;
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', 'like', 'c_demo_sales_%')
      .execute();
    expect(orders.length).toBeGreaterThan(500);
    const counter = orders.filter((o) => o.point_of_sale === 'box_office');
    expect(counter.every((o) => o.sold_by_staff_id === 'boxoffice')).toBe(true);
    expect(counter.length / orders.length).toBeGreaterThan(0.6);
    expect(counter.length / orders.length).toBeLessThan(0.8);
    expect(orders.every((o) => o.state === 'paid' && o.account_id === null)).toBe(true);
    const now = t.clock.now();
    for (const o of orders) {
      expect(o.total).toBe(o.tickets_total + o.service_charge_total + o.products_total);
      expect(Number(o.confirmed_at)).toBeLessThanOrEqual(now);
      expect(Number(o.confirmed_at)).toBeGreaterThan(now - 30 * 86_400_000);
    }
    const sums = await db
      .selectFrom('order_tickets as t')
      .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
      .select((eb) => [
        't.reservation_identifier',
        eb.fn.countAll<string>().as('seats'),
        sql<string>`sum(t.price)`.as('price'),
      ])
      .where('o.customer_id', 'like', 'c_demo_sales_%')
      .groupBy('t.reservation_identifier')
      .execute();
    const byOrder = new Map(orders.map((o) => [o.reservation_identifier, o]));
    for (const s of sums) {
      expect(Number(s.seats)).toBeGreaterThanOrEqual(1);
      expect(Number(s.seats)).toBeLessThanOrEqual(6);
      expect(Number(s.price)).toBe(byOrder.get(s.reservation_identifier)!.tickets_total);
    }
    const payments = await db
      .selectFrom('order_payments as p')
      .innerJoin('orders as o', 'o.reservation_identifier', 'p.reservation_identifier')
      .select(['p.amount', 'o.total', 'p.status'])
      .where('o.customer_id', 'like', 'c_demo_sales_%')
      .execute();
    expect(payments).toHaveLength(orders.length);
    expect(payments.every((p) => p.amount === p.total && p.status === 'approved')).toBe(true);
  });

  it('has every ticket’s seat claimed by its order, sold', async () => {
    const unclaimed = await t.db.kysely
      .selectFrom('order_tickets as t')
      .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
      .leftJoin('seat_holds as h', (j) =>
        j
          .onRef('h.presentation_id', '=', 't.presentation_id')
          .onRef('h.section_id', '=', 't.section_id')
          .onRef('h.x', '=', 't.x')
          .onRef('h.y', '=', 't.y')
          .onRef('h.claimed_by', '=', 't.reservation_identifier')
          .on('h.state', '=', 'sold'),
      )
      .select('t.ticket_identifier')
      .where('o.customer_id', 'like', 'c_demo_sales_%')
      .where('h.presentation_id', 'is', null)
      .execute();
    expect(unclaimed).toEqual([]);
  });
});
