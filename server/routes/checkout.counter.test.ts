import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commit, type SeatShop, seatShop } from '../testing/checkout.ts';
import { newAccount, orderOf } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { demoStaffCookie } from '../testing/staff.ts';

/**
 * A sale at the counter (issue 35): the clerk's browser may still carry the session of a customer who
 * logged in on it before; the sale is the box office's, never made under that customer's account.
 */
describe.each(dialects)('a counter sale on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
  });
  afterAll(() => t?.close());

  it('is sold by the clerk and not under the account of the customer last logged in there', async () => {
    const dana = await newAccount(t.app, '052-7654321');
    const clerk = await demoStaffCookie(t.app, 'box_office');
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/commit',
      headers: { uuid, 'idempotency-key': crypto.randomUUID(), cookie: `customer_session=${dana}; ${clerk}` },
      payload: shop.cart(seats) as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(t, res.json().reservationIdentifier as string);
    expect(order.point_of_sale).toBe('box_office');
    expect(order.sold_by_staff_id).not.toBeNull();
    expect(order.account_id).toBeNull();

    // The same customer alone, online: her own order, under her account.
    const mine = visitor();
    const own = await commit(t.app, mine, crypto.randomUUID(), shop.cart(await shop.hold(mine, 1)), dana);
    expect(own.statusCode, own.body).toBe(200);
    const online = await orderOf(t, own.json().reservationIdentifier as string);
    expect(online.point_of_sale).toBe('online');
    expect(online.account_id).not.toBeNull();
  });
});
