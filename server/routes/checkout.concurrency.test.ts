import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commit, seatShop, type SeatShop } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

/**
 * Purchases of one presentation run side by side unless together they could break a rule that each
 * keeps alone; a ticket quota is the one here: many buyers paying for the last student tickets at the
 * same moment never sell more than the quota.
 */
describe.each(dialects)('concurrent purchases on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  beforeAll(async () => {
    t = await createTestApp(dialect, { poolSize: 12 });
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  it('sells no more student tickets than the quota, however many pay at once', async () => {
    const student = shop.groups.find((g) => g.id === 1)!.tickets.find((k) => k.remaining !== null)!;
    expect(student).toBeDefined();
    // Leave 3 of the quota.
    await t.db.kysely.updateTable('tickets').set({ quota: 3 }).where('id', '=', student.id).execute();
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const me = visitor();
        return { me, seats: await shop.hold(me, 1) };
      }),
    );
    const answers = await Promise.all(
      buyers.map(({ me, seats }) => {
        const body = shop.cart(seats);
        body.cart.seats = (body.cart.seats ?? []).map((s) => ({ ...s, ticketId: student.id }));
        return commit(t.app, me, crypto.randomUUID(), body);
      }),
    );
    const ok = answers.filter((a) => a.statusCode === 200 && a.json().status === 'completed');
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok.length).toBe(3);
    expect(refused.length).toBe(3);
    for (const r of refused) expect(r.json().code).toMatch(/quota|sold_out|ticket/i);
  });
});
