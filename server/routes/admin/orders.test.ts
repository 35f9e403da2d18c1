import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../../src/api/contract/checkout.ts';
import type { OrderSearchAnswer, OrderView } from '../../../src/api/contract/ordersAdmin.ts';
import { sendDueMessages } from '../../services/messages/dispatcher.ts';
import { commit, customer, seatShop, type SeatShop } from '../../testing/checkout.ts';
import { addGiftCard, area, newAccount } from '../../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/** Issue 36: the box office finds an order by what the customer brings, sees all of it, resends, corrects. */
describe.each(dialects)('orders for the box office on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let box: ReturnType<typeof asStaff>;
  /** Tamar's order: two seats paid by a gift card and a card. */
  let tamar: { rid: string; giftCard: string; tickets: string[] };
  /** An order its customer cancelled (the view's test makes it). */
  let cancelledRid = '';
  const tamarInfo = {
    ...customer,
    firstName: 'Tamar',
    lastName: 'Oranim',
    email: 'tamar.oranim@example.com',
    mobileNumber: '052-555-0101',
  };

  async function buy(info: typeof customer, extra: object = {}, cookie?: string) {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const body = shop.cart(seats, extra);
    body.cart.customerInfo = info;
    const res = await commit(t.app, uuid, crypto.randomUUID(), body, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json()).reservationIdentifier;
  }
  const search = async (query: string) => {
    const res = await box.get(`/api/admin/orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderSearchAnswer;
  };
  const found = async (query: string) =>
    (await search(query)).orders.find((o) => o.reservationIdentifier === tamar.rid);
  const view = async (rid: string) => {
    const res = await box.get(`/api/admin/orders/${rid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderView;
  };
  const auditOf = (rid: string) =>
    t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', 'order')
      .where('object_id', '=', rid)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    box = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    const giftCard = await addGiftCard(t, 1000);
    const rid = await buy(tamarInfo, { voucherPayments: [{ systemVoucher: giftCard, amount: 1000 }] });
    const tickets = await t.db.kysely
      .selectFrom('order_tickets')
      .select('ticket_identifier')
      .where('reservation_identifier', '=', rid)
      .execute();
    tamar = { rid, giftCard, tickets: tickets.map((x) => x.ticket_identifier) };
  });
  afterAll(async () => t?.close());

  it('finds the order by every kind of text, each row saying what it matched', async () => {
    const cases: [q: string, kind: string][] = [
      [tamar.rid.toLowerCase(), 'reservation'],
      [tamar.tickets[1]!, 'ticket'], // what the e-ticket's QR code holds, as a handheld scanner types it
      ['Tamar.Oranim@Example.com', 'email'],
      ['+972 52-555-0101', 'phone'],
      ['1111', 'cardLast4'], // the sandbox's approving Visa
      [tamar.giftCard.toLowerCase(), 'voucher'],
      ['oranim tamar', 'name'],
      ['ranim', 'name'],
    ];
    for (const [q, kind] of cases) {
      const answer = await search(`q=${encodeURIComponent(q)}&limit=100`);
      expect(answer.recognised, q).toContain(kind);
      const row = answer.orders.find((o) => o.reservationIdentifier === tamar.rid);
      expect(row?.matched, q).toContain(kind);
    }
    const row = (await found(`q=${tamar.rid}`))!;
    expect(row).toMatchObject({
      state: 'paid',
      customerName: 'Tamar Oranim',
      email: 'tamar.oranim@example.com',
      mobileNumber: '052-555-0101',
      currency: 'ILS',
      ticketCount: 2,
      pointOfSale: 'online',
      soldBy: null,
      presentations: [{ id: shop.movie.id }],
    });
    expect(row.total).toBeGreaterThan(1000);
    // Text that is no kind, or a kind that leads nowhere, finds nothing.
    expect(await search('q=zq')).toEqual({ orders: [], recognised: [], next: null });
    expect((await search('q=NOSUCHORDER2')).orders).toEqual([]);
    expect(await search('q=Zyxwvutsrq')).toEqual({
      orders: [],
      recognised: ['reservation', 'name'],
      next: null,
    });
  });

  it("narrows by the show and by its business date; the filters alone list the show's orders", async () => {
    const { business_date: date } = await t.db.kysely
      .selectFrom('presentations')
      .select('business_date')
      .where('id', '=', shop.movie.id)
      .executeTakeFirstOrThrow();
    expect(await found(`q=oranim&presentationId=${shop.movie.id}`)).toBeDefined();
    expect(await found(`q=oranim&presentationId=${shop.movie.id + 1}`)).toBeUndefined();
    expect(await found(`q=oranim&date=${date}`)).toBeDefined();
    expect(await found(`q=oranim&date=2020-01-01`)).toBeUndefined();
    const byShow = await found(`presentationId=${shop.movie.id}&date=${date}&limit=100`);
    expect(byShow?.matched.sort()).toEqual(['date', 'presentation']);
    // No text, no filter: the latest orders; pages follow each other without a gap or a repeat.
    const ids = (a: OrderSearchAnswer) => a.orders.map((o) => o.reservationIdentifier);
    const all = await search('limit=6');
    expect(all.orders).toHaveLength(6);
    const first = await search('limit=3');
    const second = await search(`limit=3&before=${first.next}`);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    expect((await box.get('/api/admin/orders?date=22-11-2026')).json()).toMatchObject({
      statusCode: 400,
      code: 'formValidation',
    });
  });

  it('refuses the door and customers; an API token with the box-office role works', async () => {
    const door = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    expect((await door.get(`/api/admin/orders?q=${tamar.rid}`)).json()).toMatchObject({
      statusCode: 403,
      code: 'staff_forbidden',
    });
    expect((await door.get(`/api/admin/orders/${tamar.rid}`)).json()).toMatchObject({
      code: 'staff_forbidden',
    });
    const dana = await newAccount(t.app, '0501234567');
    const asCustomer = await area(t.app, 'GET', `/api/admin/orders/${tamar.rid}`, dana);
    expect(asCustomer.json()).toMatchObject({ statusCode: 401, code: 'staff_not_logged_in' });
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${tamar.rid}/resend`,
      payload: { channel: 'email' },
    });
    expect(resend.json()).toMatchObject({ statusCode: 401, code: 'staff_not_logged_in' });

    const admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
    const { secret } = (
      await admin.post('/api/admin/tokens', { name: 'Front desk', role: 'box_office' })
    ).json();
    const token = asStaff(t.app, `Bearer ${secret}`);
    const answer = (await token.get(`/api/admin/orders?q=${tamar.rid}`)).json() as OrderSearchAnswer;
    expect(answer.orders.map((o) => o.reservationIdentifier)).toEqual([tamar.rid]);
    expect((await token.get(`/api/admin/orders/${tamar.rid}`)).statusCode).toBe(200);
  });

  it('shows the payments, refunds, adjustments, messages and history of a cancelled order', async () => {
    const cookie = await newAccount(t.app, '0525550199');
    const rid = await buy({ ...customer, mobileNumber: '052-555-0199' }, {}, cookie);
    cancelledRid = rid;
    const cancelled = await area(t.app, 'POST', `/api/reservations/${rid}/cancel`, cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A staff exchange as its rows look (orderChanges.test.ts makes real ones): the view reads them back.
    const [ticket] = await t.db.kysely
      .selectFrom('order_tickets')
      .select('ticket_identifier')
      .where('reservation_identifier', '=', rid)
      .execute();
    await t.db.kysely
      .insertInto('order_adjustments')
      .values({
        id: 'adj_test_1',
        reservation_identifier: rid,
        kind: 'exchange',
        at: t.clock.now(),
        actor_kind: 'user',
        actor_id: 'u1',
        actor_name: 'boxoffice',
        reason: 'wrong day',
        detail_json: JSON.stringify({ tickets: [ticket!.ticket_identifier] }),
      })
      .execute();
    await t.db.kysely
      .updateTable('order_tickets')
      .set({ adjustment_id: 'adj_test_1' })
      .where('ticket_identifier', '=', ticket!.ticket_identifier)
      .execute();

    const v = await view(rid.toLowerCase());
    expect(v).toMatchObject({ reservationIdentifier: rid, state: 'cancelled', links: { eTicket: null } });
    expect(v.tickets.map((x) => x.state)).toEqual(['cancelled', 'cancelled']);
    expect(v.tickets.find((x) => x.ticketIdentifier === ticket!.ticket_identifier)?.adjustmentId).toBe(
      'adj_test_1',
    );
    const card = v.payments.find((p) => p.method === 'card')!;
    expect(card).toMatchObject({ status: 'approved', last4: '1111', provider: 'sandbox' });
    expect(card.providerRef).toBeTruthy();
    expect(card.refunded).toBeGreaterThan(0);
    expect(v.refunds).toEqual([
      expect.objectContaining({ method: 'provider', paymentId: expect.any(String), amount: card.refunded }),
    ]);
    expect(v.totals.refunded).toBe(card.refunded);
    expect(v.adjustments).toEqual([
      expect.objectContaining({ id: 'adj_test_1', kind: 'exchange', reason: 'wrong day' }),
    ]);
    expect(v.messages.map((m) => `${m.kind}/${m.channel}/${m.status}`).sort()).toEqual([
      'cancellation/email/queued',
      'cancellation/sms/queued',
      'confirmation/email/queued',
      'confirmation/sms/queued',
    ]);
    const events = v.history.map((h) => h.event);
    for (const e of [
      'order.created',
      'order.confirmed',
      'order.cancelled',
      'refund.created',
      'adjustment.exchange',
    ])
      expect(events).toContain(e);
    expect(events.at(-1)).toBe('order.created');
    expect((await box.get('/api/admin/orders/ZZZZZZZZZZ')).json()).toMatchObject({ code: 'order_not_found' });
  });

  it('sends the confirmation again to a corrected address, audited, and refuses a bad one', async () => {
    const res = await box.post(`/api/admin/orders/${tamar.rid}/resend`, {
      channel: 'email',
      to: 'tamar.new@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'confirmation',
      channel: 'email',
      to: 'tamar.new@example.com',
      status: 'queued',
    });
    const sms = await box.post(`/api/admin/orders/${tamar.rid}/resend`, { channel: 'sms' });
    expect(sms.json()).toMatchObject({ channel: 'sms', to: '0525550101' });
    const [entry] = await auditOf(tamar.rid);
    expect(entry).toMatchObject({ action: 'order.resend', actor_name: 'boxoffice' });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ to: 'tamar.oranim@example.com' });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ to: 'tamar.new@example.com' });
    await sendDueMessages({
      db: t.db.kysely,
      mail: t.app.deps.mail,
      sms: t.app.deps.sms,
      now: () => t.clock.now(),
      publicUrl: 'https://tickets.example',
    });
    const mail = await t.db.kysely
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('subject', 'like', `%${tamar.rid}%`)
      .execute();
    expect(mail.map((m) => m.to_address)).toContain('tamar.new@example.com');
    const v = await view(tamar.rid);
    expect(v.messages.find((m) => m.channel === 'email')).toMatchObject({
      to: 'tamar.new@example.com',
      status: 'sent',
    });
    expect(v.history[0]).toMatchObject({ event: 'order.resend', actor: { name: 'boxoffice' } });

    const bad = await box.post(`/api/admin/orders/${tamar.rid}/resend`, {
      channel: 'email',
      to: 'not-an-email',
    });
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      code: 'formValidation',
      params: { to: 'field_email' },
    });
    const badSms = await box.post(`/api/admin/orders/${tamar.rid}/resend`, { channel: 'sms', to: '123' });
    expect(badSms.json()).toMatchObject({ code: 'formValidation', params: { to: 'field_invalid' } });
    const refused = await box.post(`/api/admin/orders/${cancelledRid}/resend`, { channel: 'email' });
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'order_cancelled' });
  });

  it("corrects the customer's details with the keys they are found by, audited; a bad e-mail is refused", async () => {
    const bad = await box.patch(`/api/admin/orders/${tamar.rid}/customer`, {
      email: 'tamar@',
      firstName: '',
    });
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      code: 'formValidation',
      params: { email: 'field_email', firstName: 'field_required' },
    });
    const res = await box.patch(`/api/admin/orders/${tamar.rid}/customer`, {
      firstName: 'Tamara',
      email: 'Tamara.Oranim@Example.com',
      mobileNumber: '053 123 4567',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Tamara',
      lastName: 'Oranim',
      email: 'tamara.oranim@example.com',
      mobileNumber: '053 123 4567',
      accountId: null,
    });
    expect((await found('q=0531234567'))?.matched).toEqual(['phone']);
    expect(await found('q=tamara.oranim@example.com')).toBeDefined();
    expect(await found('q=0525550101')).toBeUndefined();
    const entry = (await auditOf(tamar.rid)).find((e) => e.action === 'order.customer_update')!;
    expect(JSON.parse(entry.before_json!)).toEqual({
      firstName: 'Tamar',
      lastName: 'Oranim',
      email: 'tamar.oranim@example.com',
      mobileNumber: '052-555-0101',
    });
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      firstName: 'Tamara',
      mobileNumber: '053 123 4567',
    });
    expect((await view(tamar.rid)).customer.firstName).toBe('Tamara');
    const nothing = await box.patch(`/api/admin/orders/${tamar.rid}/customer`, {});
    expect(nothing.json()).toMatchObject({ statusCode: 400, code: 'formValidation' });
    const missing = await box.patch('/api/admin/orders/ZZZZZZZZZZ/customer', { lastName: 'Levi' });
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'order_not_found' });
  });
});
