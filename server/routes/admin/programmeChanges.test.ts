import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../../src/api/contract/checkout.ts';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { sendDueMessages } from '../../services/messages/dispatcher.ts';
import { loadOrderDocument } from '../../services/orders/documents.ts';
import { commit, loginByEmail, sandboxOf, seatCart, ticketGroupsOf } from '../../testing/checkout.ts';
import { DEMO_CUSTOMERS } from '../../seed/customers.ts';
import { addGiftCard, giftCardBalance, lockAll } from '../../testing/checkoutScenarios.ts';
import { listPresentations, lock, lockBody, plainFreeSeats } from '../../testing/fixtures.ts';
import { createPeerApp, createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

const DAY = 86_400_000;

/**
 * Issue 34, changing what is on sale: a manager moves a show (its customers are told, their e-ticket and
 * calendar file carry the new time), changes its sale, and calls one off (every order cancelled and
 * refunded to each of its payments, gift cards back to their balance, each customer told once).
 */
describe.each(dialects)('changing and calling off presentations on %s', (dialect) => {
  let t: TestApp;
  let manager: ReturnType<typeof asStaff>;
  let movies: PresentationSummary[];
  const send = () =>
    sendDueMessages({
      db: t.db.kysely,
      mail: t.app.deps.mail,
      sms: t.app.deps.sms,
      now: () => t.clock.now(),
      publicUrl: 'https://tickets.example',
    });
  /** The order's e-mails in the outbox (the test's clock stands still: they have no order in time). */
  const mails = async (rid: string) =>
    (await t.db.kysely.selectFrom('mail_outbox').selectAll().execute()).filter((m) =>
      JSON.stringify(m).includes(rid),
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    movies = (await listPresentations(t.app)).filter(
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
  });
  afterAll(async () => t?.close());

  /** Buys `n` regular seats of `p` with the sandbox's good card, and optionally part with a gift card. */
  async function buy(p: PresentationSummary, n: number, giftCard?: { reference: string; amount: number }) {
    const me = visitor();
    const seats = (await plainFreeSeats(t.app, p)).filter((s) => s.ticketGroupId === 1).slice(0, n);
    await lockAll(t.app, me, p, seats);
    const extra = giftCard
      ? { voucherPayments: [{ systemVoucher: giftCard.reference, amount: giftCard.amount }] }
      : {};
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      seatCart(p, await ticketGroupsOf(t.app, p), seats, extra),
    );
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json());
  }

  it('moves a show: a clash is refused, its buyers are told, the e-ticket and calendar show the new time', async () => {
    const movie = movies[0]!;
    const order = await buy(movie, 1);
    await send();
    const other =
      movies.find((m) => m.id !== movie.id && m.businessDate === movie.businessDate) ?? movies[1]!;
    const clash = await manager.patch(`/api/admin/presentations/${movie.id}`, { startsAt: other.dateTime });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'schedule_clash', params: { withPresentationId: other.id } });

    // Far beyond the demo's programme, at 10:30 in Israel (08:30 UTC in winter).
    const later = new Date(Date.parse(`${movie.businessDate}T08:30:00Z`) + 60 * DAY).toISOString();
    const moved = await manager.patch(`/api/admin/presentations/${movie.id}`, { startsAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    const shift = Date.parse(later) - Date.parse(movie.dateTime);
    expect(moved.json()).toMatchObject({
      startsAt: later,
      saleEnd: new Date(Date.parse(movie.saleEnd) + shift).toISOString(),
      sold: 1,
    });
    const doc = await loadOrderDocument(
      t.db.kysely,
      { reservationIdentifier: order.reservationIdentifier },
      t.clock.now(),
    );
    expect(doc!.presentations[0]!.dateTime).toBe(later);

    await send();
    const told = await mails(order.reservationIdentifier);
    expect(told.map((m) => m.subject).sort()).toEqual(
      [
        `${movie.title.en} moves to a new time`,
        `Your order ${order.reservationIdentifier} is confirmed`,
      ].sort(),
    );
    expect(told.find((m) => m.subject.endsWith('moves to a new time'))!.ics).toContain(
      `DTSTART;TZID=Asia/Jerusalem:${later.slice(0, 10).replace(/-/g, '')}T103000`,
    );
    const sms = await t.db.kysely.selectFrom('sms_outbox').selectAll().execute();
    expect(sms.filter((s) => JSON.stringify(s).includes(`${movie.title.en} moves to`))).toHaveLength(1);

    // A member's hold order, paid at the box office by 30 minutes before the show: its deadline and its
    // seats' hold follow the show when it moves again, and its member is told too.
    const me = visitor();
    const seats = (await plainFreeSeats(t.app, movie)).filter((s) => s.ticketGroupId === 1).slice(0, 1);
    await lockAll(t.app, me, movie, seats);
    const holdBody = seatCart(movie, await ticketGroupsOf(t.app, movie), seats, {
      isHold: true,
      creditcardInfo: undefined,
    });
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]!);
    const held = await commit(t.app, me, crypto.randomUUID(), holdBody, dana);
    expect(held.statusCode, held.body).toBe(200);
    const hold = CheckoutCompletedSchema.parse(held.json());

    // Moved once more: told again.
    const again = new Date(Date.parse(later) + 3 * 3_600_000).toISOString();
    expect(
      (await manager.patch(`/api/admin/presentations/${movie.id}`, { startsAt: again })).statusCode,
    ).toBe(200);
    const deadline = Date.parse(again) - 30 * 60_000;
    const holdDoc = await loadOrderDocument(
      t.db.kysely,
      { reservationIdentifier: hold.reservationIdentifier },
      t.clock.now(),
    );
    expect(holdDoc!.holdDeadline).toBe(new Date(deadline).toISOString());
    const heldSeats = await t.db.kysely
      .selectFrom('seat_holds')
      .select('expires_at')
      .where('claimed_by', '=', hold.reservationIdentifier)
      .execute();
    expect(heldSeats.map((s) => Number(s.expires_at))).toEqual([deadline]);
    const heldTold = await t.db.kysely
      .selectFrom('order_messages')
      .select('kind')
      .where('reservation_identifier', '=', hold.reservationIdentifier)
      .where('kind', '=', 'moved')
      .execute();
    expect(heldTold.length).toBeGreaterThan(0);
    await send();
    expect(await mails(order.reservationIdentifier)).toHaveLength(3);

    const log = (await manager.get(`/api/admin/audit?objectType=presentation&objectId=${movie.id}`)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'presentation.move',
      before: { startsAt: later },
      after: { startsAt: again },
    });
  });

  it('changes the sale: refusals are clear, the service charge is for new sales, online sale can stop', async () => {
    const movie = movies[2]!;
    const url = `/api/admin/presentations/${movie.id}`;
    const code = async (body: unknown) => (await manager.patch(url, body)).json().code;
    expect(await code({ saleEnd: movie.saleStart })).toBe('sale_window_invalid');
    expect(await code({ startsAt: new Date(t.clock.now() - DAY).toISOString() })).toBe('schedule_in_past');
    expect(await code({})).toBe('formValidation');
    expect(await code({ seatingPolicyId: 2 })).toBe('formValidation');
    expect((await manager.patch('/api/admin/presentations/999999', { onlineSale: false })).json().code).toBe(
      'event_not_found',
    );
    for (const role of ['box_office', 'door'] as const) {
      const staff = asStaff(t.app, await demoStaffCookie(t.app, role));
      expect((await staff.patch(url, { onlineSale: false })).statusCode).toBe(403);
      expect((await staff.post(`${url}/call-off`)).statusCode).toBe(403);
    }

    const order = await buy(movie, 1);
    const sold = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['price', 'service_charge'])
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .executeTakeFirstOrThrow();
    const changed = await manager.patch(url, { serviceCharge: sold.service_charge + 700 });
    expect(changed.statusCode, changed.body).toBe(200);
    const groups = (await t.app.inject({ url: `/api/presentations/${movie.id}/ticketGroups` })).json();
    expect(groups.serviceCharge.amount).toBe(sold.service_charge + 700);
    const kept = await loadOrderDocument(
      t.db.kysely,
      { reservationIdentifier: order.reservationIdentifier },
      t.clock.now(),
    );
    expect(kept!.totals.total).toBe(order.order.totals.total);

    expect((await manager.patch(url, { onlineSale: false })).json()).toMatchObject({ onlineSale: false });
    const board = await listPresentations(t.app);
    expect(board.find((p) => p.id === movie.id)).toMatchObject({ locationOffline: true });
    const [seat] = await plainFreeSeats(t.app, movie);
    const refused = await lock(t.app, visitor(), lockBody(movie, seat!));
    expect(refused.json().code).toBe('location_offline');
    expect((await manager.patch(url, { onlineSale: true })).json()).toMatchObject({ onlineSale: true });

    // The waiver its orders sign, and the partners' mini-sites that sell it.
    const waiver = await t.db.kysely.selectFrom('waivers').select('id').executeTakeFirstOrThrow();
    const site = await t.db.kysely.selectFrom('mini_sites').select('id').executeTakeFirstOrThrow();
    const given = await manager.patch(url, { waiverId: waiver.id, miniSiteIds: [site.id] });
    expect(given.json()).toMatchObject({ waiverId: waiver.id, miniSiteIds: [site.id] });
    expect((await t.app.inject({ url: `/api/presentations/${movie.id}` })).json().waiverId).toBe(waiver.id);
    expect(await code({ waiverId: 999_999 })).toBe('waiver_unknown');
    expect(await code({ miniSiteIds: [999_999] })).toBe('mini_site_not_found');
    expect((await manager.patch(url, { waiverId: null, miniSiteIds: [] })).json()).toMatchObject({
      waiverId: null,
      miniSiteIds: [],
    });
    expect((await lock(t.app, visitor(), lockBody(movie, seat!))).statusCode).toBe(200);
  });

  it('calls a show off: sales stop, every order is refunded in full to each payment, and each buyer told once', async () => {
    const movie = movies[3]!;
    const byCard = await buy(movie, 2);
    const card = await addGiftCard(t, 3000);
    const mixed = await buy(movie, 1, { reference: card, amount: 3000 });
    expect(await giftCardBalance(t, card)).toBe(0);
    await send();

    const res = await manager.post(`/api/admin/presentations/${movie.id}/call-off`);
    expect(res.statusCode, res.body).toBe(202);
    // Sales stop at once: the board drops it, its prices and seats are refused.
    expect((await listPresentations(t.app)).some((p) => p.id === movie.id)).toBe(false);
    const groups = await t.app.inject({ url: `/api/presentations/${movie.id}/ticketGroups` });
    expect(groups.json().code).toBe('presentation_called_off');

    const url = `/api/admin/presentations/${movie.id}/call-off`;
    await expect
      .poll(async () => (await manager.get(url)).json().finishedAt, { timeout: 10_000 })
      .not.toBeNull();
    expect((await manager.get(url)).json()).toMatchObject({
      ordersDone: 2,
      ordersLeft: 0,
      refunded: byCard.order.totals.total + mixed.order.totals.total,
      owedAtCounter: 0,
      requestedBy: expect.any(String),
    });
    const states = await t.db.kysely
      .selectFrom('orders')
      .select(['state', 'refund_amount', 'cancel_fee'])
      .where('reservation_identifier', 'in', [byCard.reservationIdentifier, mixed.reservationIdentifier])
      .execute();
    expect(states.map((s) => s.state)).toEqual(['cancelled', 'cancelled']);
    expect(await giftCardBalance(t, card)).toBe(3000);
    const ledger = await sandboxOf(t).ledger();
    for (const o of [byCard, mixed]) {
      const charged = o.order.totals.total - (o === mixed ? 3000 : 0);
      const row = ledger.find((c) => c.amount === charged && c.refunded_amount === charged);
      expect(row, `the charge of ${o.reservationIdentifier} is refunded in full`).toBeDefined();
    }

    await send();
    await send();
    const told = await mails(byCard.reservationIdentifier);
    expect(told.map((m) => m.subject).sort()).toEqual(
      [`${movie.title.en} is called off`, `Your order ${byCard.reservationIdentifier} is confirmed`].sort(),
    );
    const calledOff = told.find((m) => m.subject.endsWith('is called off'))!;
    expect(calledOff.text).toContain(`Your order ${byCard.reservationIdentifier} is cancelled`);
    expect(calledOff.text).toContain('goes back to the way you paid');

    // Once called off, it stays so.
    expect((await manager.post(url)).json().code).toBe('presentation_called_off');
    expect(
      (await manager.patch(`/api/admin/presentations/${movie.id}`, { onlineSale: false })).statusCode,
    ).toBe(410);
    // A show that has begun cannot be called off.
    const begun = await t.db.kysely
      .selectFrom('presentations')
      .select('id')
      .where('starts_at', '<', t.clock.now())
      .executeTakeFirstOrThrow();
    expect((await manager.post(`/api/admin/presentations/${begun.id}/call-off`)).json().code).toBe(
      'presentation_started',
    );
  });

  it('shows a change on another process at once: its board follows the catalogue, not a timer', async () => {
    // A second box office on the same database (WORKERS=2, or two machines), its board read and cached.
    const peer = await createPeerApp(t);
    try {
      const movie = movies[5]!;
      const board = async () => (await listPresentations(peer)).find((p) => p.id === movie.id);
      expect(await board()).toMatchObject({ id: movie.id });
      // The test's clock stands still: without the catalogue's generation the peer would keep its
      // cached board for ever.
      const later = new Date(Date.parse(movie.dateTime) + 50 * DAY).toISOString();
      expect(
        (await manager.patch(`/api/admin/presentations/${movie.id}`, { startsAt: later })).statusCode,
      ).toBe(200);
      await expect.poll(async () => (await board())?.dateTime, { timeout: 2000, interval: 25 }).toBe(later);
      const groups = await peer.inject({ url: `/api/presentations/${movie.id}/ticketGroups` });
      expect(groups.statusCode).toBe(200);
      expect((await manager.post(`/api/admin/presentations/${movie.id}/call-off`)).statusCode).toBe(202);
      await expect.poll(board, { timeout: 2000, interval: 25 }).toBeUndefined();
      await expect
        .poll(
          async () => (await peer.inject({ url: `/api/presentations/${movie.id}/ticketGroups` })).json().code,
          {
            timeout: 2000,
            interval: 25,
          },
        )
        .toBe('presentation_called_off');
    } finally {
      await peer.close();
    }
  });
});
