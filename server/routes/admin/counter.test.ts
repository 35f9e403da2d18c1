import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterSaleBody } from '../../../src/api/contract/counterSale.ts';
import { PRODUCT } from '../../seed/catalogue.ts';
import { commit, type SeatShop, seatShop } from '../../testing/checkout.ts';
import { addGiftCard, expectError, giftCardBalance, orderOf } from '../../testing/checkoutScenarios.ts';
import { type FreeSeat, lock, lockBody, unlock } from '../../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/**
 * A sale at the counter (issue 36): the box office's clerk sells seats held through the shop's own seat
 * calls and takes cash, a card on the venue's terminal or gift cards; the order is the checkout's, so
 * it keeps every rule and lock of an online order and counts in the reports as a box-office sale.
 */
describe.each(dialects)('selling at the counter on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let clerk: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { poolSize: 12 });
    shop = await seatShop(t);
    clerk = await demoStaffCookie(t.app, 'box_office');
  });
  afterAll(() => t?.close());

  const cartOf = (seats: FreeSeat[], products: CounterSaleBody['cart']['products'] = []) => ({
    seats: shop.cart(seats).cart.seats,
    products,
  });
  const sell = (uuid: string, body: CounterSaleBody, auth = clerk, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/counter/sales',
      headers: {
        uuid,
        'idempotency-key': crypto.randomUUID(),
        ...(auth.startsWith('Bearer ') ? { authorization: auth } : { cookie: auth }),
      },
      payload: body as object,
    });
  const paymentsOf = (rid: string) =>
    t.db.kysely.selectFrom('order_payments').selectAll().where('reservation_identifier', '=', rid).execute();
  const messagesOf = (rid: string) =>
    t.db.kysely.selectFrom('order_messages').selectAll().where('reservation_identifier', '=', rid).execute();
  const posRow = async () => {
    const manager = await demoStaffCookie(t.app, 'manager');
    const res = await asStaff(t.app, manager).get(
      '/api/staff/reports/sales-pos?from=2026-11-22&to=2026-11-22&locale=en',
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as {
      pointOfSale: string;
      orders: number;
      tickets: number;
      revenue: number;
    }[];
    return rows.find((r) => r.pointOfSale === 'box_office')!;
  };

  it('sells two seats for cash, hands back the change, and counts as a box-office sale', async () => {
    const before = await posRow();
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const total = shop.seatPrice * 2;
    const res = await sell(uuid, {
      cart: cartOf(seats),
      payments: [{ method: 'cash', amount: total, tendered: total + 3_000 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ status: 'completed', change: 3_000, email: null });
    expect(sale.order.totals.total).toBe(total);
    expect(sale.order.tickets).toHaveLength(2);
    expect(sale.payments).toEqual([expect.objectContaining({ method: 'cash', amount: total })]);

    const rid = sale.reservationIdentifier as string;
    const order = await orderOf(t, rid);
    expect(order).toMatchObject({
      state: 'paid',
      point_of_sale: 'box_office',
      sold_by_staff_id: 'boxoffice',
    });
    const [cash] = await paymentsOf(rid);
    expect(cash).toMatchObject({ method: 'cash', status: 'approved', tendered: total + 3_000 });
    expect(cash!.shift_id).toMatch(/^sh_/);
    // Nobody to write to: no e-mail or SMS is queued.
    expect(await messagesOf(rid)).toEqual([]);
    for (const s of seats) expect(await shop.sold(s, visitor())).toBe(true);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('object_id', '=', rid)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'order.counter_sale', actor_name: 'boxoffice' });

    const after = await posRow();
    expect(after.orders - before.orders).toBe(1);
    expect(after.tickets - before.tickets).toBe(2);
    expect(after.revenue - before.revenue).toBe(total);
  });

  it('takes a card on the terminal and a gift card together, with a product and a phone', async () => {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const total = shop.seatPrice * 2 + 3_200;
    const gift = await addGiftCard(t, 5_000);
    const res = await sell(uuid, {
      cart: cartOf(seats, [{ id: PRODUCT.popcornL, presentationId: shop.movie.id, selectedQuantity: 1 }]),
      payments: [
        { method: 'giftCard', amount: 5_000, reference: gift },
        { method: 'cardPresent', amount: total - 5_000, reference: 'T-77812', last4: '4242' },
      ],
      customer: { name: 'Dana Levi', phone: '050-1234567' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ change: 0, order: { totals: { total, products: 3_200 } } });
    const rid = sale.reservationIdentifier as string;
    const rows = await paymentsOf(rid);
    expect(rows.map((p) => [p.method, p.status, Number(p.amount)]).sort()).toEqual(
      [
        ['card_present', 'approved', total - 5_000],
        ['voucher', 'approved', 5_000],
      ].sort(),
    );
    expect(rows.find((p) => p.method === 'card_present')).toMatchObject({
      last4: '4242',
      approval_code: 'T-77812',
    });
    expect(await giftCardBalance(t, gift)).toBe(0);
    const customer = await t.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', (await orderOf(t, rid)).customer_id)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      first_name: 'Dana',
      last_name: 'Levi',
      email: null,
      mobile_key: '0501234567',
    });
    // The phone given gets the e-ticket's SMS; there is no address for an e-mail.
    expect((await messagesOf(rid)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('refuses payments that do not add up, and cash short of its amount; the seats stay held', async () => {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const due = shop.seatPrice;
    const params = expectError(
      await sell(uuid, {
        cart: cartOf(seats),
        payments: [
          { method: 'cash', amount: due - 100, tendered: due },
          { method: 'cardPresent', amount: 50, reference: 'T-1' },
        ],
      }),
      400,
      'counter_payment_mismatch',
    );
    expect(params).toMatchObject({ due, paid: due - 50 });
    expectError(
      await sell(uuid, {
        cart: cartOf(seats),
        payments: [{ method: 'cash', amount: due, tendered: due - 1 }],
      }),
      400,
      'cash_tendered_short',
    );
    expect(await shop.held(uuid)).toEqual(seats.map((s) => s.key));
  });

  it('checks the name and phone given, and lets only the box office and managers sell', async () => {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const body = {
      cart: cartOf(seats),
      payments: [{ method: 'cash' as const, amount: shop.seatPrice, tendered: shop.seatPrice }],
    };
    const bad = expectError(
      await sell(uuid, { ...body, customer: { phone: '12345' } }),
      400,
      'formValidation',
    );
    expect(bad).toMatchObject({ 'customer.phone': 'field_invalid' });
    expectError(await sell(uuid, body, await demoStaffCookie(t.app, 'door')), 403, 'staff_forbidden');
    expectError(await sell(uuid, body, 'customer_session=nobody'), 401, 'staff_not_logged_in');
    const admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
    const { secret } = (
      await admin.post('/api/admin/tokens', { name: 'Till sync', role: 'box_office' })
    ).json();
    expectError(await sell(uuid, body, `Bearer ${secret}`), 403, 'counter_clerk_only');
    // A manager sells too.
    const res = await sell(uuid, body, await demoStaffCookie(t.app, 'manager'));
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderOf(t, res.json().reservationIdentifier)).sold_by_staff_id).toBe('manager');
  });

  it('races web buyers for the same seats: each seat is sold once, the losers hear lock errors', async () => {
    // Two seats nobody holds yet, wanted by four web buyers and two counters at once.
    const seats = await freeFromPool(2);
    const buyers = [
      ...Array.from({ length: 4 }, () => 'web' as const),
      'counter' as const,
      'counter' as const,
    ].map((kind) => ({ kind, uuid: visitor() }));
    const held = await Promise.all(
      buyers.map(async (b) => {
        const mine: FreeSeat[] = [];
        for (const s of seats) {
          const r = await lock(t.app, b.uuid, lockBody(shop.movie, s));
          if (r.statusCode === 200) mine.push(s);
          else expect(r.json().code).toBe('lock_seat_error');
        }
        return mine;
      }),
    );
    // Each buys what it holds; one that holds nothing tries to buy both seats anyway.
    const answers = await Promise.all(
      buyers.map((b, i) => {
        const want = held[i]!.length ? held[i]! : seats;
        const total = shop.seatPrice * want.length;
        return b.kind === 'web'
          ? commit(t.app, b.uuid, crypto.randomUUID(), shop.cart(want))
          : sell(b.uuid, {
              cart: cartOf(want),
              payments: [{ method: 'cash', amount: total, tendered: total }],
            });
      }),
    );
    const sold = new Map<string, number>();
    answers.forEach((res, i) => {
      if (res.statusCode < 300) {
        for (const s of held[i]!) sold.set(s.key, (sold.get(s.key) ?? 0) + 1);
        expect(held[i]!.length).toBeGreaterThan(0);
      } else {
        expect(held[i]).toEqual([]);
        expect(res.json().code).toBe('lock_seat_error');
      }
    });
    expect([...sold.values()]).toEqual([1, 1]);
    const won = answers.filter((res) => res.statusCode < 300).length;
    expect(won).toBeGreaterThanOrEqual(1);
    expect(answers.length - won).toBeGreaterThanOrEqual(4);
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['section_id', 'x', 'y'])
      .where('presentation_id', '=', shop.movie.id)
      .where('state', '=', 'valid')
      .execute();
    for (const s of seats)
      expect(tickets.filter((k) => k.section_id === s.sectionId && k.x === s.x && k.y === s.y)).toHaveLength(
        1,
      );
  });

  /** Seats of the pool taken out of it without locking them. */
  async function freeFromPool(n: number): Promise<FreeSeat[]> {
    const probe = visitor();
    const seats = await shop.hold(probe, n);
    for (const s of seats) expect((await unlock(t.app, probe, lockBody(shop.movie, s))).statusCode).toBe(200);
    return seats;
  }
});
