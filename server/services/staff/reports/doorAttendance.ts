import { type Kysely, sql } from 'kysely';
import {
  ARRIVAL_BUCKET_MINUTES,
  type Attendance,
  type NoShowOrder,
} from '../../../../src/api/contract/attendance.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { doorCounts, presentationsByIds } from '../../door/presentations.ts';
import { type CsvCell, toCsv } from './csv.ts';

type Db = Kysely<Database>;

/** Gaps between arrivals are filled with empty buckets up to this span (six hours of 15 minutes). */
const FILL_BUCKETS = 24;
const iso = (ms: number | string | null) => (ms == null ? null : new Date(Number(ms)).toISOString());
const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * First entries per bucket of `size` minutes from the start (negative before it), in time order. Gaps
 * of up to FILL_BUCKETS are zeros, so a chart keeps time evenly; a longer span lists its buckets only.
 */
export function arrivalBuckets(
  firstEntries: readonly number[],
  startsAt: number,
  size = ARRIVAL_BUCKET_MINUTES,
): Attendance['arrivals'] {
  const counts = new Map<number, number>();
  for (const at of firstEntries) {
    const b = Math.floor((at - startsAt) / (size * 60_000));
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const first = keys[0];
  const last = keys.at(-1);
  const steps =
    first !== undefined && last !== undefined && last - first <= FILL_BUCKETS
      ? Array.from({ length: last - first + 1 }, (_, i) => first + i)
      : keys;
  return steps.map((b) => ({ minutes: b * size, arrived: counts.get(b) ?? 0 }));
}

/** The presentation's sold tickets (valid seat tickets of paid orders) with their buyer and entry. */
function soldTickets(db: Db, presentationId: number) {
  return db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('ticket_entries as e', 'e.ticket_identifier', 't.ticket_identifier')
    .select([
      't.ticket_identifier',
      't.reservation_identifier',
      't.section_name',
      't.row_name',
      't.seat_name',
    ])
    .select(['c.first_name', 'c.last_name', 'c.mobile_number'])
    .select(['e.inside', 'e.entries', 'e.last_at', 'e.last_door'])
    .where('t.presentation_id', '=', presentationId)
    .where('t.kind', '=', 'seat')
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .orderBy('t.reservation_identifier')
    .orderBy('t.sort')
    .execute();
}
type SoldTicket = Awaited<ReturnType<typeof soldTickets>>[number];

/** Each ticket's first entry: its earliest scan that let it in (online, or offline and uploaded). */
async function firstEntries(db: Db, presentationId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('door_scans')
    .select(['ticket_identifier', sql<number | string>`min(scanned_at)`.as('first_at')])
    .where('presentation_id', '=', presentationId)
    .where('verdict', '=', 'admitted')
    .where('ticket_identifier', 'is not', null)
    .groupBy('ticket_identifier')
    .execute();
  return new Map(rows.map((r) => [r.ticket_identifier!, Number(r.first_at)]));
}

async function conflicts(db: Db, presentationId: number): Promise<Attendance['conflicts']> {
  const rows = await db
    .selectFrom('door_scans as s')
    .innerJoin('order_tickets as t', 't.ticket_identifier', 's.ticket_identifier')
    .select(['t.ticket_identifier', 't.section_name', 't.row_name', 't.seat_name'])
    .select(['s.door', 's.scanned_at', 's.last_door', 's.last_at'])
    .where('s.presentation_id', '=', presentationId)
    .where('s.conflict', '=', 1)
    .orderBy('s.scanned_at', 'desc')
    .execute();
  return rows.map((r) => ({
    ticketIdentifier: r.ticket_identifier,
    section: r.section_name,
    row: r.row_name,
    seat: r.seat_name,
    door: r.door,
    at: iso(r.scanned_at)!,
    firstDoor: r.last_door,
    firstAt: iso(r.last_at),
  }));
}

function noShowOrders(tickets: readonly SoldTicket[]): NoShowOrder[] {
  const orders = new Map<string, NoShowOrder>();
  for (const t of tickets) {
    if ((t.entries ?? 0) > 0) continue;
    let o = orders.get(t.reservation_identifier);
    if (!o) {
      o = {
        reservationIdentifier: t.reservation_identifier,
        customerName: name(t.first_name, t.last_name),
        mobile: t.mobile_number,
        seats: [],
      };
      orders.set(t.reservation_identifier, o);
    }
    o.seats.push({ section: t.section_name, row: t.row_name, seat: t.seat_name });
  }
  return [...orders.values()];
}

/** What the attendance report reads: the report itself and every sold ticket (for the CSV). */
async function read(db: Db, presentationId: number) {
  const [presentation] = await presentationsByIds(db, [presentationId]);
  if (!presentation) throw new AppError('event_not_found', `presentation ${presentationId} does not exist`);
  const tickets = await soldTickets(db, presentationId);
  const first = await firstEntries(db, presentationId);
  const vouchers = await db
    .selectFrom('door_scans')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('presentation_id', '=', presentationId)
    .where('verdict', '=', 'voucher_admitted')
    .executeTakeFirst();
  const arrived = tickets.filter((t) => (t.entries ?? 0) > 0);
  const startsAt = Date.parse(presentation.startsAt);
  const report: Attendance = {
    presentation,
    expected: tickets.length,
    arrived: arrived.length,
    inside: tickets.filter((t) => t.inside === 1).length,
    noShows: tickets.length - arrived.length,
    voucherEntries: Number(vouchers?.n ?? 0),
    arrivals: arrivalBuckets(
      arrived.map((t) => first.get(t.ticket_identifier) ?? Number(t.last_at ?? startsAt)),
      startsAt,
    ),
    doors: (await doorCounts(db, [presentationId])).presentations[0]?.doors ?? [],
    noShowOrders: noShowOrders(tickets),
    conflicts: await conflicts(db, presentationId),
  };
  return { report, tickets, first };
}

/**
 * Attendance at the door of one presentation (issue 37), from the door's real scans: expected (sold),
 * arrived, inside now, no-shows and their orders, first entries over time, scans in and out per door,
 * and the double entries offline phones reported. 404 event_not_found for an unknown presentation.
 */
export async function doorAttendance(db: Db, presentationId: number): Promise<Attendance> {
  return (await read(db, presentationId)).report;
}

/** The CSV's file name: the presentation and its start's date. */
export function attendanceCsvName(a: Attendance): string {
  return `door-attendance-${a.presentation.id}-${a.presentation.startsAt.slice(0, 10)}.csv`;
}

/**
 * The report as CSV: one row per sold ticket, its order and buyer, its seat, where it stands
 * (`inside`, `left`, `no_show`), how often it came in, its first entry and its last scan. Instants are
 * ISO 8601 (UTC); the header row is English, as the other reports'.
 */
export async function doorAttendanceCsv(
  db: Db,
  presentationId: number,
): Promise<{ fileName: string; csv: string }> {
  const { report, tickets, first } = await read(db, presentationId);
  const rows = tickets.map((t): CsvCell[] => [
    t.reservation_identifier,
    t.ticket_identifier,
    name(t.first_name, t.last_name),
    t.mobile_number ?? '',
    t.section_name,
    t.row_name,
    t.seat_name,
    t.inside === 1 ? 'inside' : (t.entries ?? 0) > 0 ? 'left' : 'no_show',
    t.entries ?? 0,
    iso(first.get(t.ticket_identifier) ?? null) ?? '',
    iso(t.last_at) ?? '',
    t.last_door ?? '',
  ]);
  const header = ['reservation', 'ticket', 'customer', 'mobile', 'section', 'row', 'seat', 'status'];
  return {
    fileName: attendanceCsvName(report),
    csv: toCsv([...header, 'entries', 'first_in', 'last_scan', 'last_door'], rows),
  };
}
