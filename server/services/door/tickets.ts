import { type Kysely, sql } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { DoorTicketInfo, DownloadedTicket } from '../../../src/api/contract/door.ts';
import type { DoorTicket, EntryState } from '../../../src/domain/door/verdict.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import type { Database } from '../../db/types.ts';
import { wheelchairSpaces } from '../catalogue/seatplans.ts';

/** A ticket type for ages under this is a child's ticket (the door says so). */
const ADULT_AGE = 18;

/** One ticket as the door reads it: the ticket, its order, its presentation's door rules, its entry. */
export interface DoorRow {
  info: DoorTicketInfo;
  ticket: DoorTicket;
  entry: EntryState;
  /** The entry row's version; null: the ticket never came in yet (no row). */
  version: number | null;
}

type Db = Kysely<Database>;

function baseQuery(db: Db) {
  return db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .innerJoin('tickets as tk', 'tk.id', 't.ticket_id')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .leftJoin('ticket_entries as e', 'e.ticket_identifier', 't.ticket_identifier')
    .select([
      't.ticket_identifier',
      't.reservation_identifier',
      't.presentation_id',
      't.section_id',
      't.x',
      't.y',
      't.section_name',
      't.row_name',
      't.seat_name',
      't.state as ticket_state',
      'o.state as order_state',
      'c.first_name',
      'c.last_name',
      'tk.name_json',
      'tk.max_age',
      'p.seatplan_id',
      'p.reentry_allowed',
      'e.inside',
      'e.entries',
      'e.last_at',
      'e.last_door',
      'e.version',
    ])
    .where('t.kind', '=', 'seat');
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function doorStateOf(r: Row): DoorTicket['state'] {
  if (r.ticket_state === 'cancelled' || r.ticket_state === 'void') return 'cancelled';
  if (r.order_state === 'cancelled' || r.order_state === 'failed') return 'cancelled';
  if (r.order_state === 'paid' && r.ticket_state === 'valid') return 'valid';
  return 'held';
}

async function rowsToDoor(db: Db, rows: Row[]): Promise<DoorRow[]> {
  const plans = new Map<number, Awaited<ReturnType<typeof wheelchairSpaces>>>();
  for (const id of new Set(rows.map((r) => r.seatplan_id))) plans.set(id, await wheelchairSpaces(db, id));
  return rows.map((r) => {
    const state = doorStateOf(r);
    return {
      info: {
        ticketIdentifier: r.ticket_identifier,
        reservationIdentifier: r.reservation_identifier,
        presentationId: r.presentation_id,
        customerName: [r.first_name, r.last_name].filter(Boolean).join(' '),
        section: r.section_name,
        row: r.row_name,
        seat: r.seat_name,
        ticketType: JSON.parse(r.name_json) as LocalizedText,
        child: r.max_age != null && r.max_age < ADULT_AGE,
        wheelchair: plans.get(r.seatplan_id)?.has(seatKey(r.section_id, r.x, r.y)) ?? false,
        state,
      },
      ticket: { presentationId: r.presentation_id, state, reentry: r.reentry_allowed === 1 },
      entry: {
        inside: r.inside === 1,
        entries: r.entries ?? 0,
        lastAt: r.last_at == null ? null : Number(r.last_at),
        lastDoor: r.last_door ?? null,
      },
      version: r.version ?? null,
    };
  });
}

/** One ticket by its number; null: no seat ticket has it. */
export async function doorTicket(db: Db, ticketIdentifier: string): Promise<DoorRow | null> {
  const row = await baseQuery(db).where('t.ticket_identifier', '=', ticketIdentifier).executeTakeFirst();
  return row ? ((await rowsToDoor(db, [row]))[0] ?? null) : null;
}

/** Every seat ticket of some presentations (cancelled ones too), in order then seat order. */
export async function presentationTickets(db: Db, presentationIds: readonly number[]): Promise<DoorRow[]> {
  const rows = await baseQuery(db)
    .where('t.presentation_id', 'in', presentationIds)
    .where('t.state', 'in', ['valid', 'cancelled'])
    .orderBy('t.reservation_identifier')
    .orderBy('t.sort')
    .execute();
  return rowsToDoor(db, rows);
}

/** Tickets of some presentations whose order, customer or seat matches what the usher typed. */
export async function searchDoorTickets(
  db: Db,
  presentationIds: readonly number[],
  q: string,
): Promise<DoorRow[]> {
  const text = q.trim();
  const words = text.split(/\s+/).filter(Boolean);
  const upper = text.toUpperCase();
  let query = baseQuery(db).where('t.presentation_id', 'in', presentationIds).where('t.state', '=', 'valid');
  query = query.where((eb) => {
    const any = [
      eb('t.reservation_identifier', '=', upper),
      eb('t.ticket_identifier', '=', upper),
      // Every word in the first or last name, in any case.
      eb.and(
        words.map((w) =>
          eb.or([
            eb(sql`lower(c.first_name)`, 'like', `%${w.toLowerCase()}%`),
            eb(sql`lower(c.last_name)`, 'like', `%${w.toLowerCase()}%`),
          ]),
        ),
      ),
    ];
    // "12 7": row 12, seat 7.
    if (words.length === 2)
      any.push(eb.and([eb('t.row_name', '=', words[0]!), eb('t.seat_name', '=', words[1]!)]));
    return eb.or(any);
  });
  const rows = await query.orderBy('t.reservation_identifier').limit(50).execute();
  return rowsToDoor(db, rows);
}

export function downloaded(row: DoorRow): DownloadedTicket {
  return {
    ...row.info,
    entry: {
      inside: row.entry.inside,
      entries: row.entry.entries,
      lastAt: row.entry.lastAt == null ? null : new Date(row.entry.lastAt).toISOString(),
      lastDoor: row.entry.lastDoor,
    },
  };
}
