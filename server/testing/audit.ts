import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../db/index.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import type { Database } from '../db/types.ts';

/**
 * The sales audit: proves from the database alone (either dialect) that an on-sale, a crash or an
 * outage left the books straight. Three kinds of finding, each with its count and up to 10 examples:
 *
 * - doubleSells: a seat of a presentation in two live tickets (not void or cancelled) of paid or held
 *   orders; or a live ticket of a paid order whose seat is not sold to that order in seat_holds (the map
 *   shows it free or someone else's, so it can be, or was, sold again).
 * - orphanPayments: money without an order. The acquirer's ledger is the truth of what was taken: a
 *   sandbox charge (approved or captured) that keeps any money must belong to exactly one payment row,
 *   which is approved and whose order is paid or cancelled (a cancellation may keep a fee). Also an
 *   approved payment row whose order is missing or not paid/cancelled, and two payment rows naming one
 *   acquirer transaction.
 * - orphanHolds: a sold seat claimed by an order but with no live ticket of a paid or held order; a live
 *   hold claimed by an order that is missing, or neither paying (pending) nor a hold order (held).
 *
 * Seats the box office sold at the counter (state sold, claimed by no order: the demo seed makes
 * thousands) have no online ticket by design and are not findings. Work under way is not a finding
 * either: orders still pending, charges of pending orders and refunds written but not yet sent are
 * counted in `inFlight`; callers that expect everything settled assert those are 0 as well.
 */
export interface Finding<T> {
  count: number;
  examples: T[];
}

export type DoubleSell =
  | {
      rule: 'two_live_tickets';
      presentationId: number;
      seat: string;
      tickets: number;
      /** Two of the orders (the first and last by id). */
      orders: string[];
    }
  | {
      rule: 'ticket_without_sold_seat';
      presentationId: number;
      seat: string;
      order: string;
      hold: { state: string; claimedBy: string | null } | null;
    };

export type OrphanPayment =
  | { rule: 'charge_without_order'; transactionId: string; reference: string; kept: number; why: string }
  | { rule: 'approved_payment_without_order'; paymentId: string; order: string; orderState: string | null }
  | { rule: 'shared_charge'; providerRef: string; payments: string[] };

export type OrphanHold =
  | { rule: 'sold_without_ticket'; presentationId: number; seat: string; claimedBy: string }
  | {
      rule: 'claimed_by_dead_order';
      presentationId: number;
      seat: string;
      claimedBy: string;
      orderState: string | null;
    };

export interface SalesAudit {
  clean: boolean;
  doubleSells: Finding<DoubleSell>;
  orphanPayments: Finding<OrphanPayment>;
  orphanHolds: Finding<OrphanHold>;
  inFlight: { pendingOrders: number; pendingCharges: number; unsentRefunds: number };
  /** What was looked at, for the report. */
  totals: { paidOrders: number; liveSeatTickets: number; keptCharges: number };
}

const MAX_EXAMPLES = 10;
const LIVE_TICKET = ['pending', 'valid'] as const;
const SELLING_ORDER = ['paid', 'held'] as const;

function finding<T>(rows: T[]): Finding<T> {
  return { count: rows.length, examples: rows.slice(0, MAX_EXAMPLES) };
}

/** Audits every presentation's sales; `now` decides which holds are still live. */
export async function auditSales(db: Kysely<Database>, opts: { now?: number } = {}): Promise<SalesAudit> {
  const now = opts.now ?? Date.now();
  const [twoTickets, unsold, charges, approvedRows, shared, soldAlone, deadClaims, totals] =
    await Promise.all([
      twoLiveTickets(db),
      ticketsWithoutSoldSeat(db),
      keptCharges(db),
      approvedWithoutOrder(db),
      sharedCharges(db),
      soldWithoutTicket(db),
      claimedByDeadOrder(db, now),
      counts(db),
    ]);
  let pendingCharges = 0;
  let unsentRefunds = 0;
  const chargeFindings: OrphanPayment[] = [];
  for (const c of charges) {
    const kept = Number(c.amount) - Number(c.refunded_amount);
    const base = { rule: 'charge_without_order' as const, transactionId: c.id, reference: c.reference, kept };
    if (c.payment_id === null) chargeFindings.push({ ...base, why: 'no payment row has its reference' });
    else if (c.order_state === 'pending') pendingCharges++;
    else if (Number(c.unsent) > 0) unsentRefunds++;
    else if (c.payment_status !== 'approved')
      chargeFindings.push({ ...base, why: `its payment row is ${c.payment_status}` });
    else if (c.order_state !== 'paid' && c.order_state !== 'cancelled')
      chargeFindings.push({ ...base, why: `its order is ${c.order_state ?? 'missing'}` });
  }
  const doubleSells: DoubleSell[] = [
    ...twoTickets.map((r) => ({
      rule: 'two_live_tickets' as const,
      presentationId: r.presentation_id,
      seat: seatKey(r.section_id, r.x, r.y),
      tickets: Number(r.n),
      orders: [...new Set([r.first, r.last])],
    })),
    ...unsold.map((r) => ({
      rule: 'ticket_without_sold_seat' as const,
      presentationId: r.presentation_id,
      seat: seatKey(r.section_id, r.x, r.y),
      order: r.reservation_identifier,
      hold: r.hold_state === null ? null : { state: r.hold_state, claimedBy: r.claimed_by },
    })),
  ];
  const orphanPayments: OrphanPayment[] = [
    ...chargeFindings,
    ...approvedRows.map((r) => ({
      rule: 'approved_payment_without_order' as const,
      paymentId: r.id,
      order: r.reservation_identifier,
      orderState: r.state,
    })),
    ...shared.map((r) => ({
      rule: 'shared_charge' as const,
      providerRef: r.provider_ref!,
      payments: r.payments,
    })),
  ];
  const orphanHolds: OrphanHold[] = [
    ...soldAlone.map((r) => ({
      rule: 'sold_without_ticket' as const,
      presentationId: r.presentation_id,
      seat: seatKey(r.section_id, r.x, r.y),
      claimedBy: r.claimed_by!,
    })),
    ...deadClaims.map((r) => ({
      rule: 'claimed_by_dead_order' as const,
      presentationId: r.presentation_id,
      seat: seatKey(r.section_id, r.x, r.y),
      claimedBy: r.claimed_by!,
      orderState: r.state,
    })),
  ];
  return {
    clean: doubleSells.length + orphanPayments.length + orphanHolds.length === 0,
    doubleSells: finding(doubleSells),
    orphanPayments: finding(orphanPayments),
    orphanHolds: finding(orphanHolds),
    inFlight: { pendingOrders: totals.pendingOrders, pendingCharges, unsentRefunds },
    totals: {
      paidOrders: totals.paidOrders,
      liveSeatTickets: totals.liveSeatTickets,
      keptCharges: charges.length,
    },
  };
}

/** Live seat tickets of paid or held orders, by seat. */
function liveSeatTickets(db: Kysely<Database>) {
  return db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .where('t.kind', '=', 'seat')
    .where('t.state', 'in', LIVE_TICKET)
    .where('o.state', 'in', SELLING_ORDER);
}

/** Seats with two or more live tickets; min and max name two of the orders portably (no string_agg in SQLite). */
function twoLiveTickets(db: Kysely<Database>) {
  return liveSeatTickets(db)
    .select(['t.presentation_id', 't.section_id', 't.x', 't.y'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .select(sql<string>`min(t.reservation_identifier)`.as('first'))
    .select(sql<string>`max(t.reservation_identifier)`.as('last'))
    .groupBy(['t.presentation_id', 't.section_id', 't.x', 't.y'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
}

/** Live seat tickets of paid orders whose seat is not held as sold, claimed by that order. */
async function ticketsWithoutSoldSeat(db: Kysely<Database>) {
  return (
    db
      .selectFrom('order_tickets as t')
      .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
      .innerJoin('presentations as p', 'p.id', 't.presentation_id')
      .leftJoin('seat_holds as h', (j) =>
        j
          .onRef('h.presentation_id', '=', 't.presentation_id')
          .onRef('h.section_id', '=', 't.section_id')
          .onRef('h.x', '=', 't.x')
          .onRef('h.y', '=', 't.y'),
      )
      .select([
        't.presentation_id',
        't.section_id',
        't.x',
        't.y',
        't.reservation_identifier',
        'h.state as hold_state',
        'h.claimed_by',
      ])
      // General admission has no seat to hold: its tickets carry no plan position.
      .where('p.is_reserved', '=', 1)
      .where('t.kind', '=', 'seat')
      .where('t.state', 'in', LIVE_TICKET)
      .where('o.state', '=', 'paid')
      .where((eb) =>
        eb.or([
          eb('h.state', 'is', null),
          eb('h.state', '!=', 'sold'),
          eb('h.claimed_by', 'is', null),
          eb('h.claimed_by', '!=', eb.ref('t.reservation_identifier')),
        ]),
      )
      .execute()
  );
}

/** Acquirer charges that keep money, with their payment row, its order and refunds not yet sent. */
function keptCharges(db: Kysely<Database>) {
  return db
    .selectFrom('sandbox_transactions as s')
    .leftJoin('order_payments as p', 'p.id', 's.reference')
    .leftJoin('orders as o', 'o.reservation_identifier', 'p.reservation_identifier')
    .select([
      's.id',
      's.reference',
      's.amount',
      's.refunded_amount',
      'p.id as payment_id',
      'p.status as payment_status',
      'o.state as order_state',
    ])
    .select((eb) =>
      eb
        .selectFrom('refunds as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.transaction_id', '=', 's.id')
        .where('r.done_at', 'is', null)
        .as('unsent'),
    )
    .where('s.status', 'in', ['approved', 'captured'])
    .whereRef('s.amount', '>', 's.refunded_amount')
    .execute();
}

function approvedWithoutOrder(db: Kysely<Database>) {
  return db
    .selectFrom('order_payments as p')
    .leftJoin('orders as o', 'o.reservation_identifier', 'p.reservation_identifier')
    .select(['p.id', 'p.reservation_identifier', 'o.state'])
    .where('p.status', '=', 'approved')
    .where((eb) => eb.or([eb('o.state', 'is', null), eb('o.state', 'not in', ['paid', 'cancelled'])]))
    .execute();
}

/** One acquirer transaction named by two payment rows (min and max id name two of them). */
async function sharedCharges(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('order_payments')
    .select('provider_ref')
    .select(sql<string>`min(id)`.as('first'))
    .select(sql<string>`max(id)`.as('last'))
    .where('provider_ref', 'is not', null)
    .where('method', '!=', 'voucher')
    .groupBy('provider_ref')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  return rows.map((r) => ({ provider_ref: r.provider_ref, payments: [r.first, r.last] }));
}

function soldWithoutTicket(db: Kysely<Database>) {
  return db
    .selectFrom('seat_holds as h')
    .select(['h.presentation_id', 'h.section_id', 'h.x', 'h.y', 'h.claimed_by'])
    .where('h.state', '=', 'sold')
    .where('h.claimed_by', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_tickets as t')
            .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
            .select(sql`1`.as('one'))
            .where('t.kind', '=', 'seat')
            .where('t.state', 'in', LIVE_TICKET)
            .where('o.state', 'in', SELLING_ORDER)
            .whereRef('t.presentation_id', '=', 'h.presentation_id')
            .whereRef('t.section_id', '=', 'h.section_id')
            .whereRef('t.x', '=', 'h.x')
            .whereRef('t.y', '=', 'h.y'),
        ),
      ),
    )
    .execute();
}

function claimedByDeadOrder(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('seat_holds as h')
    .leftJoin('orders as o', 'o.reservation_identifier', 'h.claimed_by')
    .select(['h.presentation_id', 'h.section_id', 'h.x', 'h.y', 'h.claimed_by', 'o.state'])
    .where('h.state', '=', 'held')
    .where('h.expires_at', '>', now)
    .where('h.claimed_by', 'is not', null)
    .where((eb) => eb.or([eb('o.state', 'is', null), eb('o.state', 'not in', ['pending', 'held'])]))
    .execute();
}

async function counts(db: Kysely<Database>) {
  const orders = await db
    .selectFrom('orders')
    .select('state')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(orders.find((o) => o.state === state)?.n ?? 0);
  const tickets = await liveSeatTickets(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return { paidOrders: of('paid'), pendingOrders: of('pending'), liveSeatTickets: Number(tickets?.n ?? 0) };
}

/**
 * The audit of a box office's PostgreSQL schema once its reconciler has settled what a fault left paying
 * (pending orders, unsent refunds): asked again each second, for up to 30 s.
 */
export async function settledAudit(
  schema: string,
  databaseUrl = process.env.DATABASE_URL,
): Promise<SalesAudit> {
  const db = await openDatabase({ dataDir: '', databaseUrl, databaseSchema: schema, poolSize: 2 });
  try {
    let audit = await auditSales(db.kysely);
    for (let i = 0; i < 30 && audit.inFlight.pendingOrders + audit.inFlight.unsentRefunds > 0; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      audit = await auditSales(db.kysely);
    }
    return audit;
  } finally {
    await db.close();
  }
}
