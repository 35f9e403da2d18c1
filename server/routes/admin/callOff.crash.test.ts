import { afterEach, describe, expect, it } from 'vitest';
import { commit, seatCart, ticketGroupsOf } from '../../testing/checkout.ts';
import { lockAll } from '../../testing/checkoutScenarios.ts';
import { findPresentation, plainFreeSeats } from '../../testing/fixtures.ts';
import { dialects, type TestDialect, visitor } from '../../testing/harness.ts';
import { BoxOffices } from '../../testing/processes.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/**
 * The kill test of calling a show off (issue 34): the real server is SIGKILLed after it cancelled the
 * first of three orders and while the acquirer takes that refund. Started again on the same data, it
 * finishes the job: every order cancelled, every charge refunded exactly once and in full, each buyer
 * told once.
 */
describe.each(dialects)('calling a show off survives a kill midway, on %s', (dialect: TestDialect) => {
  const offices = new BoxOffices(dialect);
  afterEach(() => offices.stop());

  it('resumes after a restart without refunding anyone twice', async () => {
    const place = offices.place();
    // Three orders of one show, bought on a box office whose acquirer answers at once.
    const first = await offices.start(place);
    const db = await offices.connect(place);
    const movie = await findPresentation(
      first.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    const groups = await ticketGroupsOf(first.app, movie);
    const pool = (await plainFreeSeats(first.app, movie)).filter((s) => s.ticketGroupId === 1);
    const orders: string[] = [];
    for (const n of [1, 2, 1]) {
      const me = visitor();
      const seats = pool.splice(0, n);
      await lockAll(first.app, me, movie, seats);
      const res = await commit(first.app, me, crypto.randomUUID(), seatCart(movie, groups, seats));
      expect(res.statusCode, res.body).toBe(200);
      orders.push((res.json() as { reservationIdentifier: string }).reservationIdentifier);
    }
    first.child.kill('SIGKILL');
    await first.exited;

    // Called off on a box office whose acquirer takes two seconds per refund: killed after the first.
    const second = await offices.start({ ...place, SANDBOX_ACQUIRER_DELAY_MS: '2000' });
    const manager = asStaff(second.app, await demoStaffCookie(second.app, 'manager'));
    const asked = await manager.post(`/api/admin/presentations/${movie.id}/call-off`);
    expect(asked.statusCode, asked.body).toBe(202);
    const cancelled = async () =>
      (
        await db.kysely
          .selectFrom('orders')
          .select('reservation_identifier')
          .where('reservation_identifier', 'in', orders)
          .where('state', '=', 'cancelled')
          .execute()
      ).length;
    const job = () =>
      db.kysely
        .selectFrom('presentation_calloffs')
        .selectAll()
        .where('presentation_id', '=', movie.id)
        .executeTakeFirstOrThrow();
    // The show's orders (the demo's sales of it and ours) go one by one: killed after the first.
    await expect
      .poll(async () => (await job()).orders_done, { timeout: 15_000, interval: 20 })
      .toBeGreaterThan(0);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(await cancelled()).toBeLessThan(3);

    // Started again: the job resumes on its own.
    await offices.start(place);
    await expect
      .poll(async () => (await job()).finished_at, { timeout: 45_000, interval: 200 })
      .not.toBeNull();
    expect(await cancelled()).toBe(3);
    const charges = await db.kysely
      .selectFrom('sandbox_transactions as s')
      .innerJoin('order_payments as p', 'p.id', 's.reference')
      .select(['s.id', 's.amount', 'p.reservation_identifier'])
      .where('p.reservation_identifier', 'in', orders)
      .execute();
    expect(charges).toHaveLength(3);
    // Every refund the job wrote reaches the acquirer (the reconciler sends what the kill left unsent).
    await expect
      .poll(
        async () =>
          (await db.kysely.selectFrom('refunds').select('id').where('done_at', 'is', null).execute()).length,
        { timeout: 15_000, interval: 200 },
      )
      .toBe(0);
    const refunds = await db.kysely
      .selectFrom('sandbox_refunds')
      .select(['transaction_id', 'amount'])
      .execute();
    for (const c of charges)
      expect(
        refunds.filter((r) => r.transaction_id === c.id).map((r) => Number(r.amount)),
        `order ${c.reservation_identifier} is refunded once, in full`,
      ).toEqual([Number(c.amount)]);
    // The demo's own sales of the show are called off with ours: the job's sums are theirs and ours.
    const all = await db.kysely
      .selectFrom('orders as o')
      .select(['o.reservation_identifier', 'o.refund_amount'])
      .where('o.state', '=', 'cancelled')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_tickets as t')
            .select('t.ticket_identifier')
            .whereRef('t.reservation_identifier', '=', 'o.reservation_identifier')
            .where('t.presentation_id', '=', movie.id),
        ),
      )
      .execute();
    const done = await job();
    expect(done.orders_done).toBe(all.length);
    expect(Number(done.refunded) + Number(done.owed_at_counter)).toBe(
      all.reduce((s, o) => s + Number(o.refund_amount), 0),
    );
    const told = await db.kysely
      .selectFrom('order_messages')
      .select(['reservation_identifier', 'channel'])
      .where('kind', '=', 'called_off')
      .where('reservation_identifier', 'in', orders)
      .execute();
    expect(told).toHaveLength(6);
  }, 120_000);
});
