import { type Kysely, type Selectable, sql } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { PriceLevel, SeatplanVersion } from '../../../../src/api/contract/venuesAdmin.ts';
import type { PriceLevelRef } from '../../../../src/domain/seatplans/index.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';

type Db = Kysely<Database>;
export type SeatplanRow = Selectable<Database['seatplans']>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The columns of a version without its plan (which may be megabytes). */
export const VERSION_COLUMNS = [
  'id',
  'venue_id',
  'hall_id',
  'hall_name_json',
  'seat_count',
  'version',
  'status',
  'created_at',
  'published_at',
  'source_format',
  'error_count',
  'warning_count',
] as const;
export type VersionRow = Pick<SeatplanRow, (typeof VERSION_COLUMNS)[number]>;

export function toVersion(r: VersionRow, name: string, presentations: number): SeatplanVersion {
  return {
    id: r.id,
    hallId: r.hall_id ?? r.id,
    venueId: r.venue_id,
    version: r.version,
    status: r.status,
    name,
    seats: r.seat_count,
    sourceFormat: r.source_format,
    createdAt: new Date(Number(r.created_at)).toISOString(),
    publishedAt: iso(r.published_at),
    errors: r.error_count,
    warnings: r.warning_count,
    presentations,
  };
}

/** Presentations per seat plan version. */
export async function presentationCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('presentations')
    .select(['seatplan_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('seatplan_id', 'in', ids)
    .groupBy('seatplan_id')
    .execute();
  return new Map(rows.map((r) => [r.seatplan_id, Number(r.n)]));
}

/** The name a version shows: its hall's, in English when there is one. */
export function hallLabel(nameJson: string): string {
  const name = JSON.parse(nameJson) as LocalizedText;
  return name.en ?? name.he ?? Object.values(name).find(Boolean) ?? '';
}

export async function versionRow(db: Db, id: number): Promise<VersionRow> {
  const row = await db
    .selectFrom('seatplans')
    .select(VERSION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('seatplan_not_found', `seat plan ${id} does not exist`);
  return row;
}

export async function planJsonOf(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('seatplans').select('plan_json').where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('seatplan_not_found', `seat plan ${id} does not exist`);
  return row.plan_json;
}

export async function versionOf(db: Db, id: number): Promise<SeatplanVersion> {
  const row = await versionRow(db, id);
  const counts = await presentationCounts(db, [id]);
  return toVersion(row, hallLabel(row.hall_name_json), counts.get(id) ?? 0);
}

/** Every version of a hall, newest first. */
export async function listVersions(db: Db, hallId: number): Promise<SeatplanVersion[]> {
  await hallRow(db, hallId);
  const rows = await db
    .selectFrom('seatplans')
    .select(VERSION_COLUMNS)
    .where('hall_id', '=', hallId)
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const counts = await presentationCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toVersion(r, hallLabel(r.hall_name_json), counts.get(r.id) ?? 0));
}

export async function hallRow(db: Db, hallId: number): Promise<Selectable<Database['halls']>> {
  const hall = await db.selectFrom('halls').selectAll().where('id', '=', hallId).executeTakeFirst();
  if (!hall) throw new AppError('hall_not_found', `hall ${hallId} does not exist`);
  return hall;
}

/** The hall's newest published version, if any. */
export async function publishedOf(db: Db, hallId: number): Promise<VersionRow | undefined> {
  return db
    .selectFrom('seatplans')
    .select(VERSION_COLUMNS)
    .where('hall_id', '=', hallId)
    .where('status', '=', 'published')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The venue's price levels (the ticket groups) with their names, as the back office lists them. */
export async function listPriceLevels(db: Db): Promise<PriceLevel[]> {
  const rows = await db.selectFrom('ticket_groups').select(['id', 'name_json']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: JSON.parse(r.name_json) as LocalizedText }));
}

/** The price levels a plan may use (the ticket groups), with every locale's name. */
export async function priceLevels(db: Db): Promise<PriceLevelRef[]> {
  return (await listPriceLevels(db)).map(({ id, name }) => {
    const names = [name.en, ...Object.values(name)].filter(
      (n): n is string => typeof n === 'string' && n !== '',
    );
    return { id, names: [...new Set(names)] };
  });
}

/**
 * A new seat plan id, never handed out twice, on either database: a counter in `meta`, moved by one
 * atomic upsert, that never falls behind the ids already in use (the seed writes its own).
 */
export async function nextSeatplanId(db: Db): Promise<number> {
  const max = await db
    .selectFrom('seatplans')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  const floor = Number(max?.m ?? 0) + 1;
  const result = await sql<{
    value: string;
  }>`insert into meta (key, value) values ('seatplan_next_id', ${String(floor)})
    on conflict (key) do update set value = cast(cast(meta.value as integer) + 1 as text)
    returning value`.execute(db);
  const got = Number(result.rows[0]?.value ?? floor);
  if (got >= floor) return got;
  await db
    .updateTable('meta')
    .set({ value: String(floor) })
    .where('key', '=', 'seatplan_next_id')
    .execute();
  return floor;
}
