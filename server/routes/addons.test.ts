import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { CancellationQuoteSchema } from '../../src/api/contract/customer.ts';
import { type CommitBody, OrderDocumentSchema } from '../../src/api/contract/order.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import { DEMO_ADDON } from '../seed/addons.ts';
import {
  approvedCharges,
  commit,
  customer,
  errorOf,
  goodCard,
  loginByEmail,
  sandboxOf,
  ticketGroupsOf,
} from '../testing/checkout.ts';
import { type FreeSeat, findPresentation, lock, lockBody, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, TEST_NOW, type TestApp, visitor } from '../testing/harness.ts';

/** Ticket add-ons (3D glasses with a 3D showing's ticket) and the e-ticket's grace period, on a real database. */

const GLASSES = DEMO_ADDON.glasses3d;
const MINUTE = 60_000;

describe.each(dialects)('ticket add-ons on %s', (dialect) => {
  let t: TestApp;
  let show3d: PresentationSummary;
  let show2d: PresentationSummary;
  let groups3d: TicketGroup[];
  const pools = new Map<number, FreeSeat[]>();

  async function hold(p: PresentationSummary, uuid: string, n: number): Promise<FreeSeat[]> {
    const seats = pools.get(p.id)!.splice(0, n);
    for (const s of seats) expect((await lock(t.app, uuid, lockBody(p, s))).statusCode).toBe(200);
    return seats;
  }

  const regular = (groups: TicketGroup[]) => groups.find((g) => g.id === 1)!.tickets[0]!;

  function cart(
    p: PresentationSummary,
    ticketId: number,
    seats: FreeSeat[],
    addons: (number[] | undefined)[],
  ) {
    return {
      cart: {
        customerInfo: customer,
        creditcardInfo: goodCard,
        seats: seats.map((s, i) => ({
          pi: p.id,
          si: s.sectionId,
          x: s.x,
          y: s.y,
          tg: s.ticketGroupId,
          ticketId,
          price: 1, // ignored: the box office prices seats and add-ons itself
          ...(addons[i] ? { addons: addons[i] } : {}),
        })),
      },
      locale: 'en',
    } satisfies CommitBody;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const open = (p: PresentationSummary) => p.category === 'movie' && p.saleStatus === 'open';
    show3d = await findPresentation(t.app, (p) => open(p) && p.featureId === 2);
    show2d = await findPresentation(t.app, (p) => open(p) && p.featureId !== 2);
    groups3d = await ticketGroupsOf(t.app, show3d);
    for (const p of [show3d, show2d])
      pools.set(
        p.id,
        (await plainFreeSeats(t.app, p)).filter((s) => s.ticketGroupId === 1),
      );
  });
  afterAll(async () => t?.close());

  it("serves a 3D showing's tickets with the glasses, ticked by default, and a 2D showing's without", async () => {
    for (const g of groups3d)
      for (const tk of g.tickets) {
        expect(tk.addons).toEqual([{ id: GLASSES.id, name: GLASSES.name, price: GLASSES.price }]);
        expect(tk.isFirstAddonSelected).toBe(true);
      }
    for (const g of await ticketGroupsOf(t.app, show2d))
      for (const tk of g.tickets) {
        expect(tk.addons).toEqual([]);
        expect(tk.isFirstAddonSelected).toBe(false);
      }
    // The glasses are no longer a separate product of the 3D showing.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/presentations/${show3d.id}` })).json();
    expect((detail.products as { id: number }[]).map((p) => p.id)).not.toContain(5);
  });

  it('prices the add-ons from its own tables, keeps them per ticket and shows them on the e-ticket', async () => {
    const me = visitor();
    const seats = await hold(show3d, me, 2);
    const ticket = regular(groups3d);
    const before = (await approvedCharges(t)).length;
    const res = await commit(t.app, me, crypto.randomUUID(), cart(show3d, ticket.id, seats, [[GLASSES.id]]));
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    const expected = 2 * ticket.price + GLASSES.price + 2 * 500;
    expect(answer.order.totals).toEqual({
      tickets: 2 * ticket.price,
      addons: GLASSES.price,
      serviceCharge: 1000,
      products: 0,
      vouchers: 0,
      donations: 0,
      total: expected,
    });
    expect(answer.order.tickets.map((x) => x.addons)).toEqual([
      [{ id: GLASSES.id, name: GLASSES.name, price: GLASSES.price }],
      [],
    ]);
    expect(await approvedCharges(t)).toHaveLength(before + 1);
    expect((await approvedCharges(t)).at(-1)!.amount).toBe(expected);

    // A later price change leaves the order as it was bought.
    await t.db.kysely
      .updateTable('ticket_addons')
      .set({ price: 900 })
      .where('presentation_id', '=', show3d.id)
      .execute();
    try {
      const doc = await t.app.inject({ method: 'GET', url: `/api/edocument/${answer.documentKey}` });
      expect(doc.statusCode, doc.body).toBe(200);
      const parsed = OrderDocumentSchema.parse(doc.json());
      expect(parsed.tickets[0]!.addons).toEqual([
        { id: GLASSES.id, name: GLASSES.name, price: GLASSES.price },
      ]);
      expect(parsed.totals.addons).toBe(GLASSES.price);
      expect(parsed.totals.total).toBe(expected);
    } finally {
      await t.db.kysely
        .updateTable('ticket_addons')
        .set({ price: GLASSES.price })
        .where('presentation_id', '=', show3d.id)
        .execute();
    }
  });

  it('charges no add-on the cart did not ask for', async () => {
    const me = visitor();
    const seats = await hold(show3d, me, 1);
    const ticket = regular(groups3d);
    const res = await commit(t.app, me, crypto.randomUUID(), cart(show3d, ticket.id, seats, [[]]));
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutCompletedSchema.parse(res.json());
    expect(answer.order.totals.addons).toBe(0);
    expect(answer.order.totals.total).toBe(ticket.price + 500);
  });

  it("refuses an add-on the seat's ticket does not carry, and one taken twice; the seats stay held", async () => {
    const me = visitor();
    const [seat2d] = await hold(show2d, me, 1);
    const groups2d = await ticketGroupsOf(t.app, show2d);
    const foreign = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      cart(show2d, regular(groups2d).id, [seat2d!], [[GLASSES.id]]),
    );
    expect(errorOf(foreign)).toMatchObject({ status: 409, code: 'addon_not_offered' });

    const other = visitor();
    const [seat3d] = await hold(show3d, other, 1);
    const ticket = regular(groups3d).id;
    for (const addons of [[999], [GLASSES.id, GLASSES.id]]) {
      const res = await commit(t.app, other, crypto.randomUUID(), cart(show3d, ticket, [seat3d!], [addons]));
      expect(errorOf(res)).toMatchObject({ status: 409, code: 'addon_not_offered' });
    }
    // Nothing was written: the seat is still the customer's to buy, and it sells with the right add-on.
    const ok = await commit(
      t.app,
      other,
      crypto.randomUUID(),
      cart(show3d, ticket, [seat3d!], [[GLASSES.id]]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refunds the add-ons with the tickets when the customer cancels, the fee taking its percent of both', async () => {
    const dana = DEMO_CUSTOMERS[0]!;
    const cookie = await loginByEmail(t.app, { email: dana.email, password: dana.password });
    const me = visitor();
    const seats = await hold(show3d, me, 2);
    const ticket = regular(groups3d);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      cart(show3d, ticket.id, seats, [[GLASSES.id], [GLASSES.id]]),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rid = CheckoutCompletedSchema.parse(res.json()).reservationIdentifier;
    const headers = { cookie: `customer_session=${cookie}` };
    const quote = CancellationQuoteSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/customer-area/reservations/${rid}/cancellation`,
          headers,
        })
      ).json(),
    );
    const value = 2 * ticket.price + 2 * GLASSES.price;
    const fee = t.app.deps.settings.customerArea.cancellationFee;
    const charged = (fee.perTicket ? fee.fixed * 2 : fee.fixed) + Math.round((value * fee.percent) / 100);
    expect(quote).toMatchObject({ fee: charged, refund: value - charged, serviceChargeKept: 1000 });
    expect(quote.paid).toBe(value + 1000);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${rid}/cancel`,
      headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ fee: charged, refund: value - charged });
    const refunds = await sandboxOf(t).refunds();
    expect(refunds.at(-1)!.amount).toBe(value - charged);
  });

  it('opens the e-ticket until its presentation has ended, then answers edocument_expired', async () => {
    const me = visitor();
    const seats = await hold(show3d, me, 1);
    const res = await commit(
      t.app,
      me,
      crypto.randomUUID(),
      cart(show3d, regular(groups3d).id, seats, [undefined]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const key = CheckoutCompletedSchema.parse(res.json()).documentKey;
    const ends = Date.parse(show3d.dateTime) + show3d.durationMinutes * MINUTE;
    const open = () => t.app.inject({ method: 'GET', url: `/api/edocument/${key}` });
    try {
      for (const at of [Date.parse(show3d.dateTime) + MINUTE, ends - 1]) {
        t.clock.set(at);
        expect((await open()).statusCode).toBe(200);
      }
      t.clock.set(ends);
      const expired = await open();
      expect(errorOf(expired)).toEqual({
        status: 410,
        code: 'edocument_expired',
        params: { expiredAt: new Date(ends).toISOString() },
      });
      // The confirmation of the same order (by reservation, as the personal area lists it) is not affected.
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});

describe.each(dialects)('the e-ticket grace period on %s', (dialect) => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'grace-'));

  beforeAll(async () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ order: { eDocumentGraceMinutes: 30 } }));
    t = await createTestApp(dialect, { env: { SETTINGS_FILE: file } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens the e-ticket for the venue's grace minutes after the presentation ends, then no more", async () => {
    const show = await findPresentation(t.app, (p) => p.category === 'movie' && p.saleStatus === 'open');
    const groups = await ticketGroupsOf(t.app, show);
    const [seat] = (await plainFreeSeats(t.app, show)).filter((s) => s.ticketGroupId === 1);
    const me = visitor();
    expect((await lock(t.app, me, lockBody(show, seat!))).statusCode).toBe(200);
    const body: CommitBody = {
      cart: {
        customerInfo: customer,
        creditcardInfo: goodCard,
        seats: [
          {
            pi: show.id,
            si: seat!.sectionId,
            x: seat!.x,
            y: seat!.y,
            tg: 1,
            ticketId: groups[0]!.tickets[0]!.id,
          },
        ],
      },
      locale: 'he',
    };
    const res = await commit(t.app, me, crypto.randomUUID(), body);
    expect(res.statusCode, res.body).toBe(200);
    const key = CheckoutCompletedSchema.parse(res.json()).documentKey;
    const ends = Date.parse(show.dateTime) + show.durationMinutes * MINUTE;
    const open = () => t.app.inject({ method: 'GET', url: `/api/edocument/${key}` });

    t.clock.set(ends + 30 * MINUTE - 1);
    expect((await open()).statusCode).toBe(200);
    t.clock.set(ends + 30 * MINUTE);
    expect(errorOf(await open())).toMatchObject({ status: 410, code: 'edocument_expired' });
    // An unknown document is still simply not found.
    expect(
      errorOf(await t.app.inject({ method: 'GET', url: `/api/edocument/${'x'.repeat(32)}` })),
    ).toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
  });
});
