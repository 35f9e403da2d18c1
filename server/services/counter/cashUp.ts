import type { Kysely, Selectable } from 'kysely';
import type { CashUp, ShiftCloseBody, ShiftsQuery } from '../../../src/api/contract/counterShifts.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { type Actor, audit } from '../audit/log.ts';
import type { Trx } from '../checkout/lines/types.ts';
import { type CsvCell, shekels, toCsv } from '../staff/reports/csv.ts';
import { reportRange } from '../staff/reports/range.ts';
import { type Clerk, currentShift } from './shifts.ts';

type Db = Kysely<Database> | Trx;
type ShiftRow = Selectable<Database['counter_shifts']>;

/** Who looks at shifts: a clerk sees their own, a manager (or an admin, or a manager's token) everyone's. */
export interface ShiftViewer {
  staffId: string;
  seesAll: boolean;
}

/** Payments that took money: approved, or approved and given back since (the refund is counted apart). */
const TAKEN = ['approved', 'refunded'] as const;
/** A year of every clerk's shifts, with room to spare; a longer list is cut (newest kept). */
const MAX_SHIFTS = 2000;

const tally = (count = 0, amount = 0) => ({ count, amount });

/**
 * The cash-up of each shift, figures read in a few grouped queries (not per shift): sales by method from
 * the payments taken in it, refunds given at the counter in it, the orders and their valid tickets.
 */
async function cashUps(db: Db, shifts: readonly ShiftRow[]): Promise<CashUp[]> {
  if (shifts.length === 0) return [];
  const ids = shifts.map((s) => s.id);
  const [payments, refunds, orders, tickets] = await Promise.all([
    db
      .selectFrom('order_payments')
      .select((eb) => [
        'shift_id',
        'method',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string>('amount').as('amount'),
        eb.fn.sum<number | string>(eb('tendered', '-', eb.ref('amount'))).as('change'),
      ])
      .where('shift_id', 'in', ids)
      .where('status', 'in', TAKEN)
      .groupBy(['shift_id', 'method'])
      .execute(),
    db
      .selectFrom('refunds')
      .select((eb) => [
        'shift_id',
        'method',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .where('shift_id', 'in', ids)
      .groupBy(['shift_id', 'method'])
      .execute(),
    db
      .selectFrom('order_payments')
      .select((eb) => [
        'shift_id',
        eb.fn.count<number | string>('reservation_identifier').distinct().as('orders'),
      ])
      .where('shift_id', 'in', ids)
      .where('status', 'in', TAKEN)
      .groupBy('shift_id')
      .execute(),
    db
      .selectFrom(
        db
          .selectFrom('order_payments')
          .select(['shift_id', 'reservation_identifier'])
          .distinct()
          .where('shift_id', 'in', ids)
          .where('status', 'in', TAKEN)
          .as('p'),
      )
      .innerJoin('order_tickets as t', 't.reservation_identifier', 'p.reservation_identifier')
      .select((eb) => ['p.shift_id', eb.fn.countAll<number | string>().as('tickets')])
      .where('t.state', '=', 'valid')
      .groupBy('p.shift_id')
      .execute(),
  ]);
  return shifts.map((s) => {
    const taken = (method: string) => {
      const r = payments.find((p) => p.shift_id === s.id && p.method === method);
      return tally(Number(r?.count ?? 0), Number(r?.amount ?? 0));
    };
    const sales = { cash: taken('cash'), cardPresent: taken('card_present'), giftCard: taken('voucher') };
    const back = refunds.filter((r) => r.shift_id === s.id);
    const given = (which: (method: string | null) => boolean) =>
      back
        .filter((r) => which(r.method))
        .reduce((t, r) => tally(t.count + Number(r.count), t.amount + Number(r.amount)), tally());
    const cashBack = given((m) => m === 'cash');
    const cardBack = given((m) => m === 'card_present');
    const otherBack = given((m) => m !== 'cash' && m !== 'card_present');
    const cashExpected = s.opening_float + sales.cash.amount - cashBack.amount;
    const sum = (...ts: { count: number; amount: number }[]) =>
      ts.reduce((a, b) => tally(a.count + b.count, a.amount + b.amount), tally());
    return {
      id: s.id,
      staffId: s.staff_id,
      staffName: s.staff_name,
      openedAt: new Date(Number(s.opened_at)).toISOString(),
      closedAt: s.closed_at === null ? null : new Date(Number(s.closed_at)).toISOString(),
      openingFloat: s.opening_float,
      sales: { ...sales, total: sum(sales.cash, sales.cardPresent, sales.giftCard) },
      changeGiven: Number(payments.find((p) => p.shift_id === s.id && p.method === 'cash')?.change ?? 0),
      refunds: {
        cash: cashBack,
        cardPresent: cardBack,
        other: otherBack,
        total: sum(cashBack, cardBack, otherBack),
      },
      cashExpected,
      countedCash: s.counted_cash,
      difference: s.counted_cash === null ? null : s.counted_cash - cashExpected,
      note: s.closing_note,
      orders: Number(orders.find((o) => o.shift_id === s.id)?.orders ?? 0),
      tickets: Number(tickets.find((t) => t.shift_id === s.id)?.tickets ?? 0),
    };
  });
}

function openShiftOf(db: Db, staffId: string) {
  return db
    .selectFrom('counter_shifts')
    .selectAll()
    .where('staff_id', '=', staffId)
    .where('closed_at', 'is', null)
    .orderBy('opened_at', 'desc');
}

/** The clerk's open shift with its running figures, or null. */
export async function myOpenShift(db: Kysely<Database>, clerk: Clerk): Promise<CashUp | null> {
  const open = await openShiftOf(db, clerk.id).executeTakeFirst();
  return open ? ((await cashUps(db, [open]))[0] ?? null) : null;
}

/**
 * Opens the clerk's shift with the cash in the drawer. A shift is also opened on demand by the first
 * payment a clerk takes (shifts.ts), with no float: opening then sets that shift's float instead of
 * refusing, so a clerk who sold before counting the drawer loses nothing. A shift that is open with a
 * float already is refused with shift_already_open.
 */
export async function openShift(
  db: Kysely<Database>,
  who: { clerk: Clerk; actor: Actor },
  openingFloat: number,
  now: number,
): Promise<CashUp> {
  return db.transaction().execute(async (trx) => {
    const open = await openShiftOf(trx, who.clerk.id).forUpdate().executeTakeFirst();
    if (open && open.opening_float > 0)
      throw new AppError('shift_already_open', 'this clerk has an open shift with its float', {
        openingFloat: open.opening_float,
      });
    const id = open?.id ?? (await currentShift(trx, who.clerk, now));
    await trx
      .updateTable('counter_shifts')
      .set({ opening_float: openingFloat })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      who.actor,
      {
        action: 'counter_shift.open',
        objectType: 'counter_shift',
        objectId: id,
        ...(open ? { before: { openingFloat: open.opening_float } } : {}),
        after: { openingFloat },
      },
      now,
    );
    const row = await trx
      .selectFrom('counter_shifts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return (await cashUps(trx, [row]))[0]!;
  });
}

/**
 * Closes the clerk's open shift with the cash they counted: answers the cash-up. The shift's row is
 * locked first (a payment being written in it holds the same lock: shifts.ts), so the figures are final.
 */
export async function closeShift(
  db: Kysely<Database>,
  who: { clerk: Clerk; actor: Actor },
  body: ShiftCloseBody,
  now: number,
): Promise<CashUp> {
  return db.transaction().execute(async (trx) => {
    const open = await openShiftOf(trx, who.clerk.id).forUpdate().executeTakeFirst();
    if (!open) throw new AppError('shift_not_open', 'this clerk has no open shift');
    const note = body.note?.trim() ? body.note.trim() : null;
    await trx
      .updateTable('counter_shifts')
      .set({ closed_at: now, counted_cash: body.countedCash, closing_note: note })
      .where('id', '=', open.id)
      .execute();
    const closed = { ...open, closed_at: now, counted_cash: body.countedCash, closing_note: note };
    const cashUp = (await cashUps(trx, [closed]))[0]!;
    await audit(
      trx,
      who.actor,
      {
        action: 'counter_shift.close',
        objectType: 'counter_shift',
        objectId: open.id,
        before: { closedAt: null },
        after: {
          closedAt: cashUp.closedAt,
          countedCash: cashUp.countedCash,
          cashExpected: cashUp.cashExpected,
          difference: cashUp.difference,
          ...(note ? { note } : {}),
        },
      },
      now,
    );
    return cashUp;
  });
}

/** Shifts opened on the days asked for (venue time), newest first: a clerk's own, or everyone's. */
export async function listShifts(
  db: Kysely<Database>,
  viewer: ShiftViewer,
  query: ShiftsQuery,
  now: number,
  timeZone: string,
): Promise<{ from: string; to: string; shifts: CashUp[] }> {
  const range = reportRange(query, now, timeZone);
  let sel = db
    .selectFrom('counter_shifts')
    .selectAll()
    .where('opened_at', '>=', range.fromMs)
    .where('opened_at', '<', range.toMs);
  if (!viewer.seesAll) sel = sel.where('staff_id', '=', viewer.staffId);
  const rows = await sel.orderBy('opened_at', 'desc').orderBy('id', 'desc').limit(MAX_SHIFTS).execute();
  return { from: range.from, to: range.to, shifts: await cashUps(db, rows) };
}

/** One shift's cash-up; another clerk's is not found (a clerk learns nothing of the others'). */
export async function shiftCashUp(db: Kysely<Database>, viewer: ShiftViewer, id: string): Promise<CashUp> {
  const row = await db.selectFrom('counter_shifts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (!viewer.seesAll && row.staff_id !== viewer.staffId))
    throw new AppError('shift_not_found', 'no such shift');
  return (await cashUps(db, [row]))[0]!;
}

/** The cash-up's file name: the clerk and the day the shift opened. */
export function cashUpFileName(c: CashUp): string {
  return `cash-up-${c.staffName.replace(/[^A-Za-z0-9_-]/g, '_')}-${c.openedAt.slice(0, 10)}-${c.id}.csv`;
}

/**
 * A cash-up as CSV, as the reports write theirs (csv.ts): one figure a row, each row naming its shift
 * (so several shifts' files concatenate into one sheet), money as shekels with two decimals.
 */
export function cashUpCsv(c: CashUp): string {
  const shift = [c.id, c.staffName, c.openedAt, c.closedAt ?? ''];
  const row = (line: string, method: string, count: CsvCell, amount: number | null): CsvCell[] => [
    ...shift,
    line,
    method,
    count,
    amount === null ? '' : shekels(amount),
  ];
  return toCsv(
    ['shift_id', 'clerk', 'opened_at', 'closed_at', 'line', 'method', 'count', 'amount'],
    [
      row('opening_float', 'cash', '', c.openingFloat),
      row('sale', 'cash', c.sales.cash.count, c.sales.cash.amount),
      row('sale', 'card_present', c.sales.cardPresent.count, c.sales.cardPresent.amount),
      row('sale', 'gift_card', c.sales.giftCard.count, c.sales.giftCard.amount),
      row('sale', 'total', c.sales.total.count, c.sales.total.amount),
      row('change_given', 'cash', '', c.changeGiven),
      row('refund', 'cash', c.refunds.cash.count, c.refunds.cash.amount),
      row('refund', 'card_present', c.refunds.cardPresent.count, c.refunds.cardPresent.amount),
      row('refund', 'other', c.refunds.other.count, c.refunds.other.amount),
      row('refund', 'total', c.refunds.total.count, c.refunds.total.amount),
      row('cash_expected', 'cash', '', c.cashExpected),
      row('counted', 'cash', '', c.countedCash),
      row('difference', 'cash', '', c.difference),
      row('orders', '', c.orders, null),
      row('tickets', '', c.tickets, null),
      ...(c.note ? [row('note', c.note, '', null)] : []),
    ],
  );
}
