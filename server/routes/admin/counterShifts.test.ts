import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashUp, CollectableHold } from '../../../src/api/contract/counterShifts.ts';
import { DEMO_CUSTOMERS } from '../../seed/customers.ts';
import { commit, loginByEmail, type SeatShop, seatShop } from '../../testing/checkout.ts';
import { expectError, orderOf } from '../../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

const [DANA] = DEMO_CUSTOMERS;

/**
 * The counter, part 3 (issue 36): hold orders collected and paid at the box office, and a clerk's shift
 * counted at cash-up. Dana (a member) holds seats online; the clerk finds the hold and takes the money.
 */
describe.each(dialects)('collecting holds and the cash-up on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  let dana: string;
  let clerk: ReturnType<typeof asStaff>;
  let manager: ReturnType<typeof asStaff>;

  /** Dana holds `n` seats: a hold order to pay at the box office. */
  async function holdOrder(
    n: number,
  ): Promise<{ rid: string; seats: Awaited<ReturnType<SeatShop['hold']>> }> {
    const me = visitor();
    const seats = await shop.hold(me, n);
    const cart = shop.cart(seats, { isHold: true, creditcardInfo: undefined });
    const res = await commit(t.app, me, crypto.randomUUID(), cart, dana);
    expect(res.statusCode, res.body).toBe(200);
    return { rid: res.json().reservationIdentifier as string, seats };
  }
  async function holds(q = ''): Promise<CollectableHold[]> {
    const res = await clerk.get(`/api/admin/counter/holds${q ? `?q=${encodeURIComponent(q)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().holds as CollectableHold[];
  }
  const seatRows = (rid: string) =>
    t.db.kysely.selectFrom('seat_holds').select(['state']).where('claimed_by', '=', rid).execute();
  const ticketStates = async (rid: string) =>
    (
      await t.db.kysely
        .selectFrom('order_tickets')
        .select('state')
        .where('reservation_identifier', '=', rid)
        .execute()
    ).map((r) => r.state);
  const paymentsOf = (rid: string) =>
    t.db.kysely.selectFrom('order_payments').selectAll().where('reservation_identifier', '=', rid).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
    dana = await loginByEmail(t.app, DANA!);
    clerk = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
  });
  afterAll(() => t?.close());

  it('collects a hold paid in cash with change: paid, seats sold, tickets valid, the confirmation queued', async () => {
    const { rid } = await holdOrder(2);
    const found = await holds('050 123 4567');
    const hold = found.find((h) => h.reservationIdentifier === rid)!;
    expect(found[0]!.reservationIdentifier).toBe(rid); // newest first
    expect(hold).toMatchObject({ customerName: 'Dana Levi', email: 'dana@example.com' });
    expect(hold.tickets).toHaveLength(2);
    expect(hold.total).toBe(hold.tickets.reduce((s, x) => s + x.price, 0));
    expect((await holds(rid.slice(0, 5))).map((h) => h.reservationIdentifier)).toContain(rid);
    expect((await holds('levi')).map((h) => h.reservationIdentifier)).toContain(rid);
    expect(await holds('nobody-here@example.com')).toEqual([]);
    const messagesBefore = await t.db.kysely
      .selectFrom('order_messages')
      .select(['id', 'channel'])
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(messagesBefore).toHaveLength(2);

    const tendered = hold.total + 1600;
    const res = await clerk.post(`/api/admin/counter/holds/${rid}/collect`, {
      payments: [{ method: 'cash', amount: hold.total, tendered }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reservationIdentifier: rid,
      state: 'paid',
      total: hold.total,
      change: 1600,
    });

    const order = await orderOf(t, rid);
    expect(order).toMatchObject({
      state: 'paid',
      confirmed_at: t.clock.now(),
      sold_by_staff_id: 'boxoffice',
    });
    expect(order.point_of_sale).toBe('online');
    expect((await seatRows(rid)).map((s) => s.state)).toEqual(['sold', 'sold']);
    expect(await ticketStates(rid)).toEqual(['valid', 'valid']);
    const [cash] = await paymentsOf(rid);
    expect(cash).toMatchObject({
      method: 'cash',
      provider: 'counter',
      status: 'approved',
      amount: hold.total,
      tendered,
      taken_by: 'boxoffice',
      shift_id: res.json().shiftId,
    });
    // The paid confirmation is queued anew (the hold's own said "pay by").
    const messages = await t.db.kysely
      .selectFrom('order_messages')
      .select(['id', 'status', 'kind'])
      .where('reservation_identifier', '=', rid)
      .execute();
    expect(messages.map((m) => [m.kind, m.status])).toEqual([
      ['confirmation', 'queued'],
      ['confirmation', 'queued'],
    ]);
    expect(messages.some((m) => messagesBefore.some((b) => b.id === m.id))).toBe(false);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('object_id', '=', rid)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'order.collect', actor_name: 'boxoffice', object_type: 'order' });
    expect((await holds()).map((h) => h.reservationIdentifier)).not.toContain(rid);
    expectError(
      await clerk.post(`/api/admin/counter/holds/${rid}/collect`, {
        payments: [{ method: 'cash', amount: hold.total, tendered }],
      }),
      409,
      'hold_already_collected',
    );

    // The first payment opened the clerk's shift without a float: opening now sets it.
    const opened = await clerk.post('/api/admin/counter/shift/open', { openingFloat: 20_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: res.json().shiftId, openingFloat: 20_000 });
    expect((opened.json() as CashUp).cashExpected).toBe(20_000 + hold.total);
    expectError(
      await clerk.post('/api/admin/counter/shift/open', { openingFloat: 100 }),
      409,
      'shift_already_open',
    );
  });

  it('refuses a hold past its deadline, wrong amounts, the door and API tokens', async () => {
    const { rid } = await holdOrder(1);
    const order = await orderOf(t, rid);
    const cash = (amount: number, tendered = amount) => ({
      payments: [{ method: 'cash', amount, tendered }],
    });
    const collect = (body: unknown) => clerk.post(`/api/admin/counter/holds/${rid}/collect`, body);
    expectError(await collect(cash(order.total - 100)), 400, 'counter_payment_mismatch');
    expectError(await collect(cash(order.total, order.total - 1)), 400, 'cash_tendered_short');
    expectError(await collect({ payments: [] }), 400, 'formValidation');
    const door = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    expectError(
      await door.post(`/api/admin/counter/holds/${rid}/collect`, cash(order.total)),
      403,
      'staff_forbidden',
    );
    expectError(await door.get('/api/admin/counter/holds'), 403, 'staff_forbidden');
    const admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
    const token = await admin.post('/api/admin/tokens', { name: 'till system', role: 'box_office' });
    expect(token.statusCode, token.body).toBe(201);
    const api = asStaff(t.app, `Bearer ${token.json().secret as string}`);
    expect((await api.get('/api/admin/counter/holds')).statusCode).toBe(200);
    expectError(
      await api.post(`/api/admin/counter/holds/${rid}/collect`, cash(order.total)),
      403,
      'counter_clerk_only',
    );
    expectError(
      await api.post('/api/admin/counter/shift/open', { openingFloat: 0 }),
      403,
      'counter_clerk_only',
    );
    expect(await paymentsOf(rid)).toEqual([]);

    const now = t.clock.now();
    t.clock.set(order.hold_deadline!);
    try {
      expect((await holds()).map((h) => h.reservationIdentifier)).not.toContain(rid);
      expectError(await collect(cash(order.total)), 409, 'hold_deadline_passed');
    } finally {
      t.clock.set(now);
    }
    expect((await orderOf(t, rid)).state).toBe('held');
    expect(await paymentsOf(rid)).toEqual([]);
  });

  it('collects a hold once when it is collected twice at the same time', async () => {
    const { rid } = await holdOrder(1);
    const { total } = await orderOf(t, rid);
    const body = { payments: [{ method: 'cardPresent', amount: total, reference: 'T-1', last4: '4242' }] };
    const answers = await Promise.all([
      clerk.post(`/api/admin/counter/holds/${rid}/collect`, body),
      clerk.post(`/api/admin/counter/holds/${rid}/collect`, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('hold_already_collected');
    expect(await paymentsOf(rid)).toHaveLength(1);
    expect((await seatRows(rid)).map((s) => s.state)).toEqual(['sold']);
  });

  it('closes a shift with a cash-up that balances: sales and refunds by method, cash expected, CSV', async () => {
    // The manager works the counter: a shift of their own, apart from the clerk's.
    const opened = await manager.post('/api/admin/counter/shift/open', { openingFloat: 50_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    const shiftId = (opened.json() as CashUp).id;
    const first = await holdOrder(2);
    const second = await holdOrder(1);
    const a = await orderOf(t, first.rid);
    const b = await orderOf(t, second.rid);
    const paid = await manager.post(`/api/admin/counter/holds/${first.rid}/collect`, {
      payments: [{ method: 'cash', amount: a.total, tendered: a.total + 600 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const card = await manager.post(`/api/admin/counter/holds/${second.rid}/collect`, {
      payments: [{ method: 'cardPresent', amount: b.total, reference: 'T-778', last4: '1234' }],
    });
    expect(card.statusCode, card.body).toBe(200);
    // Cash given back at the counter (staff refunds write such a row: issue 36).
    await t.db.kysely
      .insertInto('refunds')
      .values({
        id: 'rf_cashUpTest',
        transaction_id: '',
        reservation_identifier: first.rid,
        voucher_reference: null,
        amount: 1000,
        created_at: t.clock.now(),
        done_at: t.clock.now(),
        payment_id: null,
        method: 'cash',
        shift_id: shiftId,
        taken_by: 'manager',
      })
      .execute();

    const expected = 50_000 + a.total - 1000;
    const running = (await manager.get('/api/admin/counter/shift')).json().shift as CashUp;
    expect(running).toMatchObject({
      id: shiftId,
      staffName: 'manager',
      closedAt: null,
      openingFloat: 50_000,
      sales: {
        cash: { count: 1, amount: a.total },
        cardPresent: { count: 1, amount: b.total },
        giftCard: { count: 0, amount: 0 },
        total: { count: 2, amount: a.total + b.total },
      },
      changeGiven: 600,
      refunds: { cash: { count: 1, amount: 1000 }, cardPresent: { count: 0, amount: 0 } },
      cashExpected: expected,
      countedCash: null,
      difference: null,
      orders: 2,
      tickets: 3,
    });

    const closed = await manager.post('/api/admin/counter/shift/close', {
      countedCash: expected,
      note: 'all good',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      id: shiftId,
      countedCash: expected,
      difference: 0,
      note: 'all good',
    });
    expect((closed.json() as CashUp).closedAt).not.toBeNull();
    expect((await manager.get('/api/admin/counter/shift')).json()).toEqual({ shift: null });
    expectError(
      await manager.post('/api/admin/counter/shift/close', { countedCash: 0 }),
      409,
      'shift_not_open',
    );
    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('object_id', '=', shiftId)
      .orderBy('id')
      .execute();
    expect(actions.map((x) => x.action)).toEqual(['counter_shift.open', 'counter_shift.close']);

    expect((await manager.get(`/api/admin/counter/shifts/${shiftId}`)).json()).toEqual(closed.json());
    const csv = await manager.get(`/api/admin/counter/shifts/${shiftId}.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('shift_id,clerk,opened_at,closed_at,line,method,count,amount');
    const figure = (line: string, method: string) =>
      lines
        .find((l) => l.includes(`,${line},${method},`))
        ?.split(',')
        .slice(6)
        .join(',');
    const money = (n: number) => (n / 100).toFixed(2);
    expect(figure('opening_float', 'cash')).toBe(',500.00');
    expect(figure('sale', 'cash')).toBe(`1,${money(a.total)}`);
    expect(figure('sale', 'card_present')).toBe(`1,${money(b.total)}`);
    expect(figure('refund', 'cash')).toBe('1,10.00');
    expect(figure('cash_expected', 'cash')).toBe(`,${money(expected)}`);
    expect(figure('difference', 'cash')).toBe(',0.00');
    expect(figure('tickets', '')).toBe('3,');

    // The manager lists every clerk's shifts; the clerk only their own, and not the manager's cash-up.
    const all = (await manager.get('/api/admin/counter/shifts')).json().shifts as CashUp[];
    expect(new Set(all.map((s) => s.staffName))).toEqual(new Set(['manager', 'boxoffice']));
    const own = (await clerk.get('/api/admin/counter/shifts')).json().shifts as CashUp[];
    expect(own.map((s) => s.staffName)).toEqual(['boxoffice']);
    expectError(await clerk.get(`/api/admin/counter/shifts/${shiftId}`), 404, 'shift_not_found');
    expect((await manager.get(`/api/admin/counter/shifts/${own[0]!.id}`)).statusCode).toBe(200);
    expectError(await manager.get('/api/admin/counter/shifts?from=2026-13-01'), 400, 'report_range_invalid');
  });

  it('documents the calls in the OpenAPI document under the admin tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [path, method] of [
      ['/api/admin/counter/holds', 'get'],
      ['/api/admin/counter/holds/{rid}/collect', 'post'],
      ['/api/admin/counter/shift', 'get'],
      ['/api/admin/counter/shift/open', 'post'],
      ['/api/admin/counter/shift/close', 'post'],
      ['/api/admin/counter/shifts', 'get'],
      ['/api/admin/counter/shifts/{id}', 'get'],
      ['/api/admin/counter/shifts/{id}.csv', 'get'],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, path).toEqual(['admin']);
  });

  it('shows a shift that does not balance with its difference', async () => {
    const admin = asStaff(t.app, await demoStaffCookie(t.app, 'admin'));
    const opened = await admin.post('/api/admin/counter/shift/open', { openingFloat: 10_000 });
    expect(opened.statusCode, opened.body).toBe(200);
    const closed = await admin.post('/api/admin/counter/shift/close', { countedCash: 9_950 });
    expect(closed.json()).toMatchObject({ cashExpected: 10_000, countedCash: 9_950, difference: -50 });
  });
});
