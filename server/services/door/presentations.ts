import { type Kysely, sql } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { DoorCounts, DoorPresentation } from '../../../src/api/contract/door.ts';
import { businessDate } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;
const text = (json: string) => JSON.parse(json) as LocalizedText;

/** Sold seat tickets of each presentation (paid), and how many are inside now. */
async function expectedAndInside(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { expected: number; inside: number; arrived: number }>();
  const sold = await db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .select(['t.presentation_id', sql<number>`count(*)`.as('n')])
    .where('t.presentation_id', 'in', ids)
    .where('t.kind', '=', 'seat')
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .groupBy('t.presentation_id')
    .execute();
  const entries = await db
    .selectFrom('ticket_entries')
    .select([
      'presentation_id',
      sql<number>`sum(inside)`.as('inside'),
      sql<number>`sum(case when entries > 0 then 1 else 0 end)`.as('arrived'),
    ])
    .where('presentation_id', 'in', ids)
    .groupBy('presentation_id')
    .execute();
  const out = new Map(ids.map((id) => [id, { expected: 0, inside: 0, arrived: 0 }]));
  for (const r of sold) out.get(r.presentation_id)!.expected = Number(r.n);
  for (const r of entries) {
    const o = out.get(r.presentation_id)!;
    o.inside = Number(r.inside ?? 0);
    o.arrived = Number(r.arrived ?? 0);
  }
  return out;
}

/** The presentations of a business date (today by default) with seats, in starting order. */
export async function doorPresentations(
  db: Db,
  date: string | undefined,
  now: number,
): Promise<DoorPresentation[]> {
  return presentationsWhere(db, { date: date ?? businessDate(now) });
}

export async function presentationsByIds(db: Db, ids: readonly number[]): Promise<DoorPresentation[]> {
  return presentationsWhere(db, { ids });
}

async function presentationsWhere(db: Db, by: { date: string } | { ids: readonly number[] }) {
  let q = db
    .selectFrom('presentations as p')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('venues as v', 'v.id', 'p.venue_id')
    .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
    .select([
      'p.id',
      'p.starts_at',
      'p.reentry_allowed',
      'f.title_json',
      'v.name_json as venue_json',
      'sp.hall_name_json',
    ])
    .where('p.venue_type_id', 'not in', [101, 102, 103, 104])
    .orderBy('p.starts_at')
    .orderBy('p.id');
  q = 'date' in by ? q.where('p.business_date', '=', by.date) : q.where('p.id', 'in', by.ids);
  const rows = await q.execute();
  const counts = await expectedAndInside(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: text(r.title_json),
    startsAt: new Date(Number(r.starts_at)).toISOString(),
    venue: text(r.venue_json),
    hall: text(r.hall_name_json),
    reentry: r.reentry_allowed === 1,
    expected: counts.get(r.id)?.expected ?? 0,
    inside: counts.get(r.id)?.inside ?? 0,
  }));
}

/** Live counts at the doors: expected, inside, arrived, and scans in and out per door. */
export async function doorCounts(db: Db, ids: readonly number[]): Promise<DoorCounts> {
  const base = await expectedAndInside(db, ids);
  const perDoor = await db
    .selectFrom('door_scans')
    .select(['presentation_id', 'door', 'verdict', sql<number>`count(*)`.as('n')])
    .where('presentation_id', 'in', ids)
    .where('verdict', 'in', ['admitted', 'exited'])
    .groupBy(['presentation_id', 'door', 'verdict'])
    .execute();
  const conflicts = await db
    .selectFrom('door_scans')
    .select(sql<number>`count(*)`.as('n'))
    .where('presentation_id', 'in', ids)
    .where('conflict', '=', 1)
    .executeTakeFirst();
  return {
    presentations: ids.map((id) => {
      const doors = new Map<string, { door: string; in: number; out: number }>();
      for (const r of perDoor.filter((d) => d.presentation_id === id)) {
        const d = doors.get(r.door) ?? { door: r.door, in: 0, out: 0 };
        if (r.verdict === 'admitted') d.in += Number(r.n);
        else d.out += Number(r.n);
        doors.set(r.door, d);
      }
      const b = base.get(id) ?? { expected: 0, inside: 0, arrived: 0 };
      return { id, ...b, doors: [...doors.values()].sort((a, z) => a.door.localeCompare(z.door)) };
    }),
    conflicts: Number(conflicts?.n ?? 0),
  };
}
