import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { commit, paymentStatus, seatCart, ticketGroupsOf } from '../testing/checkout.ts';
import { lockAll, statusOf } from '../testing/checkoutScenarios.ts';
import { findPresentation, plainFreeSeats } from '../testing/fixtures.ts';
import { dialects, type TestDialect, visitor } from '../testing/harness.ts';
import { BoxOffices } from '../testing/processes.ts';

/**
 * The kill test: the real server process is killed (SIGKILL) after the acquirer approved a payment but
 * before the box office heard the answer. Restarted on the same data, its reconciler must settle the
 * order from the acquirer's ledger: confirmed when its seats are still there, otherwise failed and
 * refunded in full. Never money taken without an order.
 */

const TIMEOUT = 60_000;

describe.each(dialects)('a box office killed while the acquirer approves, on %s', (dialect: TestDialect) => {
  const offices = new BoxOffices(dialect);
  afterEach(() => offices.stop());

  /**
   * Starts the server, locks two seats and commits them; SIGKILLs the process as soon as the acquirer's
   * ledger shows the payment approved. Answers what the test needs to look at afterwards.
   */
  async function killedMidPayment() {
    const place = { env: offices.place({ SANDBOX_ACQUIRER_DELAY_MS: '3000' }) };
    const first = await offices.start(place.env);
    const db = await offices.connect(place.env);
    const movie = await findPresentation(
      first.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    const seats = (await plainFreeSeats(first.app, movie)).filter((s) => s.ticketGroupId === 1).slice(0, 2);
    const me = visitor();
    await lockAll(first.app, me, movie, seats);
    const body = seatCart(movie, await ticketGroupsOf(first.app, movie), seats);
    const inFlight = commit(first.app, me, crypto.randomUUID(), body).then(
      () => 'answered',
      () => 'cut off',
    );

    const approved = () =>
      db.kysely
        .selectFrom('orders as o')
        .innerJoin('order_payments as p', 'p.reservation_identifier', 'o.reservation_identifier')
        .innerJoin('sandbox_transactions as s', 's.reference', 'p.id')
        .select(['o.reservation_identifier as rid', 's.id as transactionId', 's.amount'])
        .where('o.visitor', '=', me)
        .where('s.status', '=', 'approved')
        .executeTakeFirst();
    await expect.poll(approved, { timeout: 15_000, interval: 20 }).toBeDefined();
    first.child.kill('SIGKILL');
    await first.exited;
    const { rid, transactionId, amount } = (await approved())!;
    expect(await inFlight).toBe('cut off');
    expect(await orderState(db, rid)).toBe('pending');
    return { place, db, movie, seats, me, rid, transactionId, amount };
  }

  async function orderState(db: Db, rid: string) {
    const row = await db.kysely
      .selectFrom('orders')
      .select('state')
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  async function ledgerOf(db: Db, rid: string) {
    const charges = await db.kysely
      .selectFrom('sandbox_transactions as s')
      .innerJoin('order_payments as p', 'p.id', 's.reference')
      .select(['s.id', 's.status', 's.amount', 's.refunded_amount'])
      .where('p.reservation_identifier', '=', rid)
      .execute();
    const refunds = await db.kysely
      .selectFrom('sandbox_refunds')
      .select(['amount'])
      .where(
        'transaction_id',
        'in',
        charges.map((c) => c.id),
      )
      .execute();
    return { charges, refunds: refunds.map((r) => Number(r.amount)) };
  }

  it(
    'confirms the order after a restart from the approval in the acquirer’s ledger',
    async () => {
      const { place, db, movie, seats, me, rid, transactionId, amount } = await killedMidPayment();
      const second = await offices.start(place.env);
      await expect.poll(() => orderState(db, rid), { timeout: 30_000, interval: 200 }).not.toBe('pending');
      expect(await orderState(db, rid)).toBe('paid');
      expect(await ledgerOf(db, rid)).toEqual({
        charges: [{ id: transactionId, status: 'approved', amount, refunded_amount: 0 }],
        refunds: [],
      });
      const sold = await db.kysely
        .selectFrom('seat_holds')
        .select(['state', 'visitor'])
        .where('presentation_id', '=', movie.id)
        .where('claimed_by', '=', rid)
        .execute();
      expect(sold).toEqual(seats.map(() => ({ state: 'sold', visitor: me })));
      const free = (await statusOf(second.app, movie)).free;
      expect(seats.filter((s) => free.has(s.key))).toEqual([]);
      const status = await paymentStatus(second.app, me, rid);
      expect(status.json()).toMatchObject({ status: 'completed', reservationIdentifier: rid });
    },
    TIMEOUT,
  );

  it(
    'fails the order and refunds the charge in full when its seats went to someone else meanwhile',
    async () => {
      const { place, db, movie, seats, me, rid, transactionId, amount } = await killedMidPayment();
      // While the box office is down, the seats are another visitor's.
      const other = visitor();
      await db.kysely
        .updateTable('seat_holds')
        .set({ visitor: other, claimed_by: null })
        .where('claimed_by', '=', rid)
        .execute();
      const second = await offices.start(place.env);
      await expect.poll(() => orderState(db, rid), { timeout: 30_000, interval: 200 }).not.toBe('pending');
      expect(await orderState(db, rid)).toBe('failed');
      await expect
        .poll(async () => (await ledgerOf(db, rid)).charges[0]?.refunded_amount, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(amount);
      expect(await ledgerOf(db, rid)).toEqual({
        charges: [{ id: transactionId, status: 'approved', amount, refunded_amount: amount }],
        refunds: [amount],
      });
      const holds = await db.kysely
        .selectFrom('seat_holds')
        .select(['state', 'visitor'])
        .where('presentation_id', '=', movie.id)
        .where((eb) =>
          eb.or(
            seats.map((s) =>
              eb.and([eb('x', '=', s.x), eb('y', '=', s.y), eb('section_id', '=', s.sectionId)]),
            ),
          ),
        )
        .execute();
      expect(holds).toEqual(seats.map(() => ({ state: 'held', visitor: other })));
      const status = await paymentStatus(second.app, me, rid);
      expect(status.json()).toMatchObject({ code: 'lock_seat_error' });
    },
    TIMEOUT,
  );
});
