import type { Kysely, Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutCompleted } from '../../src/api/contract/checkout.ts';
import type { Database } from '../db/types.ts';
import { auditSales, type SalesAudit } from './audit.ts';
import { commit, seatShop } from './checkout.ts';
import { createTestApp, dialects, type TestApp, TEST_NOW, visitor } from './harness.ts';

/** Every hand-made fault is written inside a transaction that is rolled back, so the cases stay apart. */
class Rollback extends Error {}
async function within(t: TestApp, fn: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  await t.db.kysely
    .transaction()
    .execute(async (trx) => {
      await fn(trx);
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
}

const audit = (db: Kysely<Database>) => auditSales(db, { now: TEST_NOW });
const rules = (a: SalesAudit) => ({
  doubleSells: a.doubleSells.examples.map((e) => e.rule),
  orphanPayments: a.orphanPayments.examples.map((e) => e.rule),
  orphanHolds: a.orphanHolds.examples.map((e) => e.rule),
});

describe.each(dialects)('auditSales (%s)', (dialect) => {
  let t: TestApp;
  let order: Selectable<Database['orders']>;
  let ticket: Selectable<Database['order_tickets']>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // One real online sale beside the seed's orders and counter sales: two seats paid by card.
    const shop = await seatShop(t);
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const res = await commit(t.app, uuid, crypto.randomUUID(), shop.cart(seats));
    expect(res.statusCode, res.body).toBe(200);
    const rid = (res.json() as CheckoutCompleted).reservationIdentifier;
    order = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    ticket = await t.db.kysely
      .selectFrom('order_tickets')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t?.close());

  const copyOrder = (trx: Kysely<Database>, rid: string, state: Database['orders']['state']) =>
    trx
      .insertInto('orders')
      .values({ ...order, reservation_identifier: rid, document_key: `dk-${rid}`, state })
      .execute();

  it('passes the seeded demo database with an online sale on it', async () => {
    const a = await audit(t.db.kysely);
    expect(a.clean, JSON.stringify(a, null, 2)).toBe(true);
    expect(a.inFlight).toEqual({ pendingOrders: 0, pendingCharges: 0, unsentRefunds: 0 });
    expect(a.totals.paidOrders).toBeGreaterThan(1);
    expect(a.totals.liveSeatTickets).toBeGreaterThan(2);
    expect(a.totals.keptCharges).toBe(1);
  });

  it('finds a seat sold twice: two live tickets, and a ticket whose seat is not sold to its order', async () => {
    await within(t, async (trx) => {
      await copyOrder(trx, 'R-TWICE', 'paid');
      await trx
        .insertInto('order_tickets')
        .values({ ...ticket, ticket_identifier: 'T-TWICE', reservation_identifier: 'R-TWICE' })
        .execute();
      const a = await audit(trx);
      expect(a.clean).toBe(false);
      expect(a.doubleSells.count).toBe(2);
      const seat = `${ticket.section_id}_${ticket.x}_${ticket.y}`;
      expect(a.doubleSells.examples).toEqual(
        expect.arrayContaining([
          {
            rule: 'two_live_tickets',
            presentationId: ticket.presentation_id,
            seat,
            tickets: 2,
            orders: [order.reservation_identifier, 'R-TWICE'].sort(),
          },
          {
            rule: 'ticket_without_sold_seat',
            presentationId: ticket.presentation_id,
            seat,
            order: 'R-TWICE',
            hold: { state: 'sold', claimedBy: order.reservation_identifier },
          },
        ]),
      );
      expect(rules(a).orphanPayments).toEqual([]);
      expect(rules(a).orphanHolds).toEqual([]);
    });
  });

  it('does not count a void ticket or a failed order as a sale', async () => {
    await within(t, async (trx) => {
      await copyOrder(trx, 'R-FAILED', 'failed');
      await trx
        .insertInto('order_tickets')
        .values({
          ...ticket,
          ticket_identifier: 'T-FAILED',
          reservation_identifier: 'R-FAILED',
          state: 'void',
        })
        .execute();
      expect((await audit(trx)).clean).toBe(true);
    });
  });

  it('finds a paid ticket whose seat the map shows free', async () => {
    await within(t, async (trx) => {
      await trx
        .deleteFrom('seat_holds')
        .where('presentation_id', '=', ticket.presentation_id)
        .where('section_id', '=', ticket.section_id)
        .where('x', '=', ticket.x)
        .where('y', '=', ticket.y)
        .execute();
      const a = await audit(trx);
      expect(a.doubleSells.examples).toEqual([
        expect.objectContaining({
          rule: 'ticket_without_sold_seat',
          order: order.reservation_identifier,
          hold: null,
        }),
      ]);
    });
  });

  it('finds money without an order: a charge nobody recorded, an approved payment of a failed order, one charge for two orders', async () => {
    await within(t, async (trx) => {
      const charge = await trx.selectFrom('sandbox_transactions').selectAll().executeTakeFirstOrThrow();
      const payment = await trx
        .selectFrom('order_payments')
        .selectAll()
        .where('reservation_identifier', '=', order.reservation_identifier)
        .executeTakeFirstOrThrow();
      // The acquirer approved a payment whose row the box office never wrote (a crash before its commit).
      await trx
        .insertInto('sandbox_transactions')
        .values({ ...charge, id: 'sbx_lost', reference: 'pay_lost', amount: 5000, refunded_amount: 0 })
        .execute();
      // A failed order whose payment is still marked approved, naming the real sale's acquirer transaction.
      await copyOrder(trx, 'R-FAILED', 'failed');
      await trx
        .insertInto('order_payments')
        .values({ ...payment, id: 'pay_failed', reservation_identifier: 'R-FAILED' })
        .execute();
      const a = await audit(trx);
      expect(a.orphanPayments.count).toBe(3);
      expect(a.orphanPayments.examples).toEqual(
        expect.arrayContaining([
          {
            rule: 'charge_without_order',
            transactionId: 'sbx_lost',
            reference: 'pay_lost',
            kept: 5000,
            why: 'no payment row has its reference',
          },
          {
            rule: 'approved_payment_without_order',
            paymentId: 'pay_failed',
            order: 'R-FAILED',
            orderState: 'failed',
          },
          {
            rule: 'shared_charge',
            providerRef: payment.provider_ref,
            payments: [payment.id, 'pay_failed'].sort(),
          },
        ]),
      );
      expect(rules(a).doubleSells).toEqual([]);
    });
  });

  it('finds a kept charge whose order failed, but leaves a pending order and an unsent refund to settle', async () => {
    await within(t, async (trx) => {
      const rid = order.reservation_identifier;
      await trx
        .updateTable('orders')
        .set({ state: 'failed' })
        .where('reservation_identifier', '=', rid)
        .execute();
      let a = await audit(trx);
      expect(a.orphanPayments.examples).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ rule: 'charge_without_order', why: 'its order is failed' }),
          expect.objectContaining({ rule: 'approved_payment_without_order', order: rid }),
        ]),
      );
      // The same charge while the order is still paying: work under way, not a finding.
      await trx
        .updateTable('orders')
        .set({ state: 'pending' })
        .where('reservation_identifier', '=', rid)
        .execute();
      await trx
        .updateTable('order_payments')
        .set({ status: 'pending' })
        .where('reservation_identifier', '=', rid)
        .execute();
      await trx
        .updateTable('seat_holds')
        .set({ state: 'held', expires_at: TEST_NOW + 60_000 })
        .where('claimed_by', '=', rid)
        .execute();
      a = await audit(trx);
      expect(a.clean, JSON.stringify(a, null, 2)).toBe(true);
      expect(a.inFlight).toMatchObject({ pendingOrders: 1, pendingCharges: 1 });
      // Failed with its refund written but not yet sent: the reconciler's to send.
      const charge = await trx.selectFrom('sandbox_transactions').select('id').executeTakeFirstOrThrow();
      await trx
        .updateTable('orders')
        .set({ state: 'failed' })
        .where('reservation_identifier', '=', rid)
        .execute();
      await trx
        .updateTable('order_payments')
        .set({ status: 'refunded' })
        .where('reservation_identifier', '=', rid)
        .execute();
      await trx.updateTable('seat_holds').set({ claimed_by: null }).where('claimed_by', '=', rid).execute();
      await trx
        .updateTable('order_tickets')
        .set({ state: 'void' })
        .where('reservation_identifier', '=', rid)
        .execute();
      await trx
        .insertInto('refunds')
        .values({
          id: 'rf_unsent',
          transaction_id: charge.id,
          reservation_identifier: rid,
          voucher_reference: null,
          amount: order.total,
          created_at: TEST_NOW,
          done_at: null,
          payment_id: null,
        })
        .execute();
      a = await audit(trx);
      expect(a.clean, JSON.stringify(a, null, 2)).toBe(true);
      expect(a.inFlight).toMatchObject({ pendingOrders: 0, unsentRefunds: 1 });
    });
  });

  it('finds holds without an owner: a sold seat with no ticket, a live hold claimed by a failed or missing order', async () => {
    await within(t, async (trx) => {
      // Free seats of the sale's presentation: plan seats with no hold.
      const free = await trx
        .selectFrom('plan_seats as s')
        .innerJoin('presentations as p', 'p.seatplan_id', 's.seatplan_id')
        .leftJoin('seat_holds as h', (j) =>
          j
            .onRef('h.presentation_id', '=', 'p.id')
            .onRef('h.section_id', '=', 's.section_id')
            .onRef('h.x', '=', 's.x')
            .onRef('h.y', '=', 's.y'),
        )
        .select(['s.section_id', 's.x', 's.y'])
        .where('p.id', '=', ticket.presentation_id)
        .where('h.state', 'is', null)
        .orderBy('s.section_id')
        .orderBy('s.y')
        .orderBy('s.x')
        .limit(3)
        .execute();
      const hold = (i: number, state: 'held' | 'sold', claimedBy: string) => ({
        presentation_id: ticket.presentation_id,
        ...free[i]!,
        visitor: 'someone',
        state,
        expires_at: TEST_NOW + 600_000,
        created_at: TEST_NOW,
        claimed_by: claimedBy,
      });
      await copyOrder(trx, 'R-FAILED', 'failed');
      await trx
        .insertInto('seat_holds')
        .values([
          hold(0, 'sold', order.reservation_identifier),
          hold(1, 'held', 'R-FAILED'),
          hold(2, 'held', 'R-NONE'),
        ])
        .execute();
      const a = await audit(trx);
      expect(a.orphanHolds.count).toBe(3);
      const key = (i: number) => `${free[i]!.section_id}_${free[i]!.x}_${free[i]!.y}`;
      expect(a.orphanHolds.examples).toEqual(
        expect.arrayContaining([
          {
            rule: 'sold_without_ticket',
            presentationId: ticket.presentation_id,
            seat: key(0),
            claimedBy: order.reservation_identifier,
          },
          {
            rule: 'claimed_by_dead_order',
            presentationId: ticket.presentation_id,
            seat: key(1),
            claimedBy: 'R-FAILED',
            orderState: 'failed',
          },
          {
            rule: 'claimed_by_dead_order',
            presentationId: ticket.presentation_id,
            seat: key(2),
            claimedBy: 'R-NONE',
            orderState: null,
          },
        ]),
      );
      // An expired claim is no longer live: not a finding.
      expect((await auditSales(trx, { now: TEST_NOW + 700_000 })).orphanHolds.count).toBe(1);
    });
  });

  it('answers at most 10 examples with the full count', async () => {
    await within(t, async (trx) => {
      const charge = await trx.selectFrom('sandbox_transactions').selectAll().executeTakeFirstOrThrow();
      await trx
        .insertInto('sandbox_transactions')
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            ...charge,
            id: `sbx_lost_${i}`,
            reference: `pay_lost_${i}`,
          })),
        )
        .execute();
      const a = await audit(trx);
      expect(a.orphanPayments.count).toBe(12);
      expect(a.orphanPayments.examples).toHaveLength(10);
    });
  });
});
