import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommitBodySchema } from '../../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../../src/api/contract/presentations.ts';
import { reconcile } from '../../services/checkout/reconciler.ts';
import { PaymentUnavailableError } from '../../services/payments/provider.ts';
import type { ReportRange } from '../../services/staff/reports/range.ts';
import { productRows } from '../../services/staff/reports/sales.ts';
import {
  commit,
  sandboxOf,
  seatCart,
  type SeatShop,
  seatShop,
  ticketGroupsOf,
} from '../../testing/checkout.ts';
import { addGiftCard, giftCardBalance, orderOf } from '../../testing/checkoutScenarios.ts';
import { findPresentation, lock, lockBody, plainFreeSeats } from '../../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { demoStaffCookie } from '../../testing/staff.ts';
import { checkoutDeps } from '../checkout.ts';

/**
 * Staff refunds and exchanges (issue 36) over the admin API: chosen lines or the whole order, the fee or
 * waived, money back to each payment it came from (gift card, card, cash at the counter), seats back on
 * sale; an exchange with its difference charged or refunded; roles refused.
 */
describe.each(dialects)('staff refunds and exchanges on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let clerk: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    clerk = await demoStaffCookie(t.app, 'box_office');
  });
  afterAll(() => t?.close());

  const staffCall = (url: string, payload: object, cookie = clerk, uuid?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${url}`,
      headers: { cookie, ...(uuid ? { uuid } : {}) },
      payload,
    });

  /** Two seats bought online, part by a gift card and the rest by card. */
  async function twoSeatsByGiftCardAndCard() {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const gift = await addGiftCard(t, 1_000);
    const res = await commit(
      t.app,
      uuid,
      crypto.randomUUID(),
      shop.cart(seats, { voucherPayments: [{ systemVoucher: gift, amount: 1_000 }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rid = res.json().reservationIdentifier as string;
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .orderBy('sort')
      .execute();
    return { uuid, seats, gift, rid, tickets };
  }

  it('refunds one ticket of two: gift card first, the rest to the card, the fee kept, the seat on sale again', async () => {
    const { seats, gift, rid, tickets } = await twoSeatsByGiftCardAndCard();
    const before = await orderOf(t, rid);
    const quote = await staffCall(`${rid}/refund-quote`, { tickets: [tickets[0]!.ticket_identifier] });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    expect(q.refund + q.fee + q.kept).toBe(q.value);
    expect(q.parts[0]).toMatchObject({ method: 'voucher' });

    const confirmation = () =>
      t.db.kysely
        .selectFrom('order_messages')
        .select(['id', 'status'])
        .where('reservation_identifier', '=', rid)
        .where('kind', '=', 'confirmation')
        .where('channel', '=', 'email')
        .executeTakeFirstOrThrow();
    const first = await confirmation();
    const res = await staffCall(`${rid}/refunds`, {
      tickets: [tickets[0]!.ticket_identifier],
      reason: 'child is ill',
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({ refund: q.refund, fee: q.fee, orderState: 'paid' });
    // The customer is sent the order as it stands now.
    const again = await confirmation();
    expect(again.id).not.toBe(first.id);
    expect(again.status).toBe('queued');
    expect(await giftCardBalance(t, gift)).toBe(Math.min(1_000, q.refund));
    const after = await orderOf(t, rid);
    expect(after.total).toBe(before.total - q.refund);
    expect(after.state).toBe('paid');
    // The seat is free for anyone; the other ticket stays valid.
    expect(await shop.sold(seats[0]!, visitor())).toBe(false);
    expect(await shop.sold(seats[1]!, visitor())).toBe(true);
    const rows = await t.db.kysely
      .selectFrom('order_tickets')
      .select(['ticket_identifier', 'state', 'adjustment_id'])
      .where('reservation_identifier', '=', rid)
      .orderBy('sort')
      .execute();
    expect(rows.map((r) => r.state)).toEqual(['cancelled', 'valid']);
    expect(rows[0]!.adjustment_id).toBe(a.adjustmentId);
    // The card's part went to the acquirer at once.
    const refunds = await t.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(refunds.every((r) => r.done_at !== null)).toBe(true);
    expect(refunds.reduce((s, r) => s + r.amount, 0) + Math.min(1_000, q.refund)).toBe(q.refund);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('object_id', '=', rid)
      .where('action', '=', 'order.refund')
      .executeTakeFirstOrThrow();
    expect(entry.actor_name).toBe('boxoffice');
    expect(JSON.parse(entry.after_json!)).toMatchObject({ reason: 'child is ill' });

    // The same ticket cannot be refunded twice.
    const twice = await staffCall(`${rid}/refunds`, {
      tickets: [tickets[0]!.ticket_identifier],
      reason: 'twice',
    });
    expect(twice.json().code).toBe('order_line_not_refundable');
  });

  it('refunds one product of two: the e-ticket and the concessions report count one', async () => {
    const full = await t.app.inject({ method: 'GET', url: `/api/presentations/${shop.movie.id}` });
    const product = (full.json() as { products: { id: number }[] }).products[0];
    expect(product, 'the demo film sells a product').toBeDefined();
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const res = await commit(
      t.app,
      uuid,
      crypto.randomUUID(),
      shop.cart(seats, {
        products: [{ id: product!.id, presentationId: shop.movie.id, selectedQuantity: 2 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { reservationIdentifier: rid, documentKey } = res.json() as {
      reservationIdentifier: string;
      documentKey: string;
    };
    const sold = async () =>
      (
        await productRows(
          t.db.kysely,
          { fromMs: 0, toMs: Number.MAX_SAFE_INTEGER } as ReportRange,
          'ILS',
          'en',
        )
      ).find((r) => r.productId === product!.id)!.quantity;
    const before = await sold();
    const refund = await staffCall(`${rid}/refunds`, {
      products: [{ presentationId: shop.movie.id, productId: product!.id, quantity: 1 }],
      reason: 'popcorn spilled',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ products: 1, tickets: 0, orderState: 'paid' });
    const doc = (await t.app.inject({ method: 'GET', url: `/api/edocument/${documentKey}` })).json();
    expect(doc.products).toEqual([expect.objectContaining({ id: product!.id, quantity: 1 })]);
    expect(await sold()).toBe(before - 1);
    const more = await staffCall(`${rid}/refund-quote`, {
      products: [{ presentationId: shop.movie.id, productId: product!.id, quantity: 2 }],
    });
    expect(more.json()).toMatchObject({ code: 'order_line_not_refundable', params: { left: 1 } });
  });

  it('waives the fee only with a reason, then gives everything back; the last line cancels the order', async () => {
    const { rid, tickets } = await twoSeatsByGiftCardAndCard();
    const ids = tickets.map((x) => x.ticket_identifier);
    const bare = await staffCall(`${rid}/refunds`, { tickets: ids, fee: 'waived', reason: 'show was awful' });
    expect(bare.json().code).toBe('formValidation');
    const res = await staffCall(`${rid}/refunds`, {
      tickets: ids,
      fee: 'waived',
      feeWaivedReason: 'regular customer',
      reason: 'show was awful',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fee: 0, kept: 0, orderState: 'cancelled' });
    const order = await orderOf(t, rid);
    expect(res.json().refund).toBe(order.refund_amount);
    expect(order.total).toBe(0);
    const left = await t.db.kysely
      .selectFrom('order_payments')
      .select(['amount', 'refunded_amount'])
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(left.every((p) => p.refunded_amount === p.amount)).toBe(true);
  });

  it("gives a counter sale's cash back from the clerk's drawer; an API token cannot", async () => {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const { cart } = shop.cart(seats);
    const { creditcardInfo: _card, ...noCard } = cart;
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/payment/commit',
      headers: { uuid, 'idempotency-key': crypto.randomUUID(), cookie: clerk },
      payload: { cart: noCard, locale: 'en' },
    });
    // A plain commit from the counter still needs a method: the counter's own call takes cash.
    expect(sale.statusCode).toBe(400);
    const deps = checkoutDeps(t.app);
    const { commitCheckout } = await import('../../services/checkout/commit.ts');
    const me = await t.db.kysely
      .selectFrom('staff_users')
      .select(['id', 'username', 'display_name'])
      .where('username', '=', 'boxoffice')
      .executeTakeFirstOrThrow();
    const done = await commitCheckout(
      deps,
      uuid,
      crypto.randomUUID(),
      CommitBodySchema.parse({ cart: { ...noCard, customerInfo: {} }, locale: 'en' }),
      null,
      {
        address: '',
        userAgent: null,
        staffUsername: 'boxoffice',
        counter: {
          clerk: { id: me.id, username: me.username, displayName: me.display_name },
          payments: [{ method: 'cash', amount: shop.seatPrice, tendered: shop.seatPrice + 500 }],
        },
      },
    );
    const rid = done.reservationIdentifier;
    const ticket = await t.db.kysely
      .selectFrom('order_tickets')
      .select('ticket_identifier')
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();

    const admin = await demoStaffCookie(t.app, 'admin');
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tokens',
      headers: { cookie: admin },
      payload: { name: 'till system', role: 'box_office' },
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(201);
    const token = tokenRes.json().secret as string;
    const byToken = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${rid}/refunds`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        tickets: [ticket.ticket_identifier],
        fee: 'waived',
        feeWaivedReason: 'our mistake',
        reason: 'wrong show',
      },
    });
    expect(byToken.json().code).toBe('counter_clerk_only');

    const res = await staffCall(`${rid}/refunds`, {
      tickets: [ticket.ticket_identifier],
      fee: 'waived',
      feeWaivedReason: 'our mistake',
      reason: 'wrong show',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: shop.seatPrice, atCounter: shop.seatPrice });
    expect(res.json().parts).toEqual([expect.objectContaining({ method: 'cash', amount: shop.seatPrice })]);
    const back = await t.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    expect(back).toMatchObject({ method: 'cash', taken_by: 'boxoffice', amount: shop.seatPrice });
    expect(back.shift_id).not.toBeNull();
  });

  it('leaves a refund the acquirer did not take to the reconciler, which sends it once', async () => {
    const { rid } = await twoSeatsByGiftCardAndCard();
    const sandbox = sandboxOf(t);
    const refund = sandbox.refund.bind(sandbox);
    sandbox.refund = () => Promise.reject(new PaymentUnavailableError());
    try {
      const res = await staffCall(`${rid}/refunds`, { whole: true, reason: 'cannot come' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      sandbox.refund = refund;
    }
    const unsent = async () =>
      (
        await t.db.kysely
          .selectFrom('refunds')
          .selectAll()
          .where('reservation_identifier', '=', rid)
          .execute()
      ).filter((r) => r.done_at === null);
    expect(await unsent()).toHaveLength(1);
    await reconcile(checkoutDeps(t.app), 0);
    await reconcile(checkoutDeps(t.app), 0);
    expect(await unsent()).toHaveLength(0);
    const sent = (await sandbox.refunds()).filter((r) => r.reference.startsWith('refund:'));
    const [row] = await t.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(sent.filter((r) => r.reference === `refund:${row!.id}`)).toHaveLength(1);
    expect((await orderOf(t, rid)).state).toBe('cancelled');
  });

  it('refuses the door and a visitor without a staff session', async () => {
    const { rid } = await twoSeatsByGiftCardAndCard();
    const door = await demoStaffCookie(t.app, 'door');
    expect((await staffCall(`${rid}/refunds`, { whole: true, reason: 'no reason' }, door)).json().code).toBe(
      'staff_forbidden',
    );
    expect((await staffCall(`${rid}/refunds`, { whole: true, reason: 'no reason' }, '')).json().code).toBe(
      'staff_not_logged_in',
    );
    expect((await orderOf(t, rid)).state).toBe('paid');
  });

  describe('an exchange to another showing of the same film', () => {
    let other: PresentationSummary;
    let groups: TicketGroup[];
    beforeAll(async () => {
      other = await findPresentation(
        t.app,
        (p) =>
          p.featureId === shop.movie.featureId &&
          p.id !== shop.movie.id &&
          p.saleStatus === 'open' &&
          p.isReserved,
      );
      groups = await ticketGroupsOf(t.app, other);
    });

    async function holdAtOther(uuid: string, n: number, offset: number) {
      const free = (await plainFreeSeats(t.app, other))
        .filter((s) => s.ticketGroupId === 1)
        .slice(offset, offset + n);
      for (const s of free) expect((await lock(t.app, uuid, lockBody(other, s))).statusCode).toBe(200);
      return free;
    }

    it('moves a ticket, frees the old seat only with the new one sold, and refunds a cheaper ticket to the card', async () => {
      const { seats, rid, tickets } = await twoSeatsByGiftCardAndCard();
      const uuid = visitor();
      const [seat] = await holdAtOther(uuid, 1, 0);
      const regular = groups.find((g) => g.id === 1)!.tickets;
      const cheaper = [...regular].sort((a, b) => a.price - b.price)[0]!;
      const body = {
        tickets: [tickets[0]!.ticket_identifier],
        presentationId: other.id,
        seats: [{ section: seat!.sectionId, x: seat!.x, y: seat!.y, tg: 1, ticketId: cheaper.id }],
      };
      const quote = await staffCall(`${rid}/exchange-quote`, body, clerk, uuid);
      expect(quote.statusCode, quote.body).toBe(200);
      const q = quote.json();
      const res = await staffCall(`${rid}/exchanges`, { ...body, reason: 'moving to Thursday' }, clerk, uuid);
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json();
      expect(a.difference).toBe(q.difference);
      expect(a.tickets).toHaveLength(1);
      expect(await shop.sold(seats[0]!, visitor())).toBe(false);
      const moved = await t.db.kysely
        .selectFrom('order_tickets')
        .selectAll()
        .where('ticket_identifier', '=', a.tickets[0])
        .executeTakeFirstOrThrow();
      expect(moved).toMatchObject({
        presentation_id: other.id,
        state: 'valid',
        adjustment_id: a.adjustmentId,
      });
      const order = await orderOf(t, rid);
      expect(order.state).toBe('paid');
      if (q.difference < 0)
        expect(a.parts.reduce((s: number, p: { amount: number }) => s + p.amount, 0)).toBe(-q.difference);
    });

    it('charges a dearer exchange at the counter, exactly', async () => {
      const uuid = visitor();
      const seats = await shop.hold(uuid, 1);
      const child = shop.groups.find((g) => g.id === 1)!.tickets.sort((a, b) => a.price - b.price)[0]!;
      const buy = await commit(t.app, uuid, crypto.randomUUID(), {
        ...shop.cart(seats),
        cart: {
          ...shop.cart(seats).cart,
          seats: [{ ...shop.cart(seats).cart.seats![0]!, ticketId: child.id }],
        },
      });
      expect(buy.statusCode, buy.body).toBe(200);
      const rid = buy.json().reservationIdentifier as string;
      const ticket = await t.db.kysely
        .selectFrom('order_tickets')
        .select('ticket_identifier')
        .where('reservation_identifier', '=', rid)
        .executeTakeFirstOrThrow();
      const paidBefore = (await orderOf(t, rid)).total;
      const clerkUuid = visitor();
      const [seat] = await holdAtOther(clerkUuid, 2, 3);
      const dearest = [...groups.find((g) => g.id === 1)!.tickets].sort((a, b) => b.price - a.price)[0]!;
      const body = {
        tickets: [ticket.ticket_identifier],
        presentationId: other.id,
        seats: [{ section: seat!.sectionId, x: seat!.x, y: seat!.y, tg: 1, ticketId: dearest.id }],
        reason: 'upgrade',
      };
      const q = (await staffCall(`${rid}/exchange-quote`, body, clerk, clerkUuid)).json();
      expect(q.difference).toBeGreaterThan(0);
      const short = await staffCall(
        `${rid}/exchanges`,
        { ...body, payments: [{ method: 'cash', amount: q.difference - 1, tendered: q.difference }] },
        clerk,
        clerkUuid,
      );
      expect(short.json().code).toBe('counter_payment_mismatch');
      const res = await staffCall(
        `${rid}/exchanges`,
        { ...body, payments: [{ method: 'cash', amount: q.difference, tendered: q.difference + 1_000 }] },
        clerk,
        clerkUuid,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ change: 1_000, difference: q.difference });
      expect((await orderOf(t, rid)).total).toBe(paidBefore + q.difference);
    });

    it('refuses a presentation of another feature', async () => {
      const { rid, tickets } = await twoSeatsByGiftCardAndCard();
      const film = await findPresentation(
        t.app,
        (p) => p.featureId !== shop.movie.featureId && p.isReserved && p.saleStatus === 'open',
      );
      const res = await staffCall(
        `${rid}/exchanges`,
        {
          tickets: [tickets[0]!.ticket_identifier],
          presentationId: film.id,
          seats: [{ section: 1, x: 1, y: 1, tg: 1, ticketId: 1 }],
          reason: 'wrong',
        },
        clerk,
        visitor(),
      );
      expect(res.json().code).toBe('exchange_not_same_feature');
    });
  });

  void seatCart;
});
