import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { AdminPresentation } from '../../../../src/api/contract/programmeAdmin.ts';
import type { LockTimer } from '../../../../src/api/contract/presentations.ts';
import { type Clash, findClashes, type HallShow, type PlannedShow } from '../../../../src/domain/schedule.ts';
import { addDaysIso, calendarDate } from '../../../../src/domain/venue.ts';
import type { Database } from '../../../db/types.ts';
import { onlinePlaceCounts } from '../../seating/capacity.ts';

type Db = Kysely<Database>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function presentationQuery(db: Db) {
  return db
    .selectFrom('presentations as p')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
    .select([
      'p.id',
      'p.feature_id',
      'p.venue_id',
      'p.seatplan_id',
      'p.starts_at',
      'p.business_date',
      'p.sale_start',
      'p.sale_end',
      'p.seating_policy_id',
      'p.is_reserved',
      'p.service_charge',
      'p.online_sale',
      'p.price_list_id',
      'p.waiver_id',
      'p.lock_timer_json',
      'p.called_off_at',
      'p.capacity',
      'f.title_json',
      'f.duration_minutes',
      'sp.hall_id',
      'sp.hall_name_json',
    ]);
}

/**
 * The presentations of a range of business dates, optionally of one hall or feature, in time order,
 * as the back office lists them (managers, admins).
 */
export async function listAdminPresentations(
  db: Db,
  query: { from?: string; to?: string; hallId?: number; featureId?: number; ids?: readonly number[] },
  now: number,
): Promise<AdminPresentation[]> {
  let q = presentationQuery(db).orderBy('p.starts_at').orderBy('p.id');
  if (query.ids) {
    if (query.ids.length === 0) return [];
    q = q.where('p.id', 'in', query.ids);
  } else {
    const from = query.from ?? calendarDate(now);
    q = q
      .where('p.business_date', '>=', from)
      .where('p.business_date', '<=', query.to ?? addDaysIso(from, 31));
  }
  if (query.hallId !== undefined) q = q.where('sp.hall_id', '=', query.hallId);
  if (query.featureId !== undefined) q = q.where('p.feature_id', '=', query.featureId);
  const rows = await q.limit(2000).execute();
  if (rows.length === 0) return [];
  const levels = await db
    .selectFrom('presentation_ticket_groups')
    .select(['presentation_id', 'ticket_group_id'])
    .where(
      'presentation_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('ticket_group_id')
    .execute();
  const levelsOf = new Map<number, number[]>();
  for (const l of levels)
    levelsOf.set(l.presentation_id, [...(levelsOf.get(l.presentation_id) ?? []), l.ticket_group_id]);
  const sold = await soldCounts(
    db,
    rows.map((r) => r.id),
  );
  const sites = await db
    .selectFrom('mini_site_presentations')
    .selectAll()
    .where(
      'presentation_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('mini_site_id')
    .execute();
  const places = await onlinePlaceCounts(
    db,
    rows.map((r) => r.seatplan_id),
  );
  return rows.map((r) => ({
    id: r.id,
    featureId: r.feature_id,
    title: JSON.parse(r.title_json) as LocalizedText,
    venueId: r.venue_id,
    hallId: r.hall_id ?? r.seatplan_id,
    hallName: JSON.parse(r.hall_name_json) as LocalizedText,
    seatplanId: r.seatplan_id,
    startsAt: iso(r.starts_at),
    endsAt: iso(Number(r.starts_at) + r.duration_minutes * 60_000),
    businessDate: r.business_date,
    saleStart: iso(r.sale_start),
    saleEnd: iso(r.sale_end),
    seatingPolicyId: r.seating_policy_id,
    isReserved: r.is_reserved === 1,
    serviceCharge: r.service_charge,
    priceLevelIds: levelsOf.get(r.id) ?? [],
    onlineSale: r.online_sale !== 0,
    priceListId: r.price_list_id,
    waiverId: r.waiver_id,
    miniSiteIds: sites.filter((x) => x.presentation_id === r.id).map((x) => x.mini_site_id),
    lockTimer: JSON.parse(r.lock_timer_json) as LockTimer,
    calledOffAt: r.called_off_at === null ? null : iso(r.called_off_at),
    sold: sold.get(r.id) ?? 0,
    ...capacityOf(r, places.get(r.seatplan_id) ?? 0),
  }));
}

/** What a presentation sells online: its general-admission capacity (within the plan), else the plan's. */
function capacityOf(r: { is_reserved: number; capacity: number | null }, planCapacity: number) {
  const limit = r.is_reserved === 0 ? r.capacity : null;
  return { capacity: limit === null ? planCapacity : Math.min(limit, planCapacity), planCapacity };
}

/** Tickets sold or held per presentation (valid, or with a payment under way). */
async function soldCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('order_tickets')
    .select(['presentation_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('presentation_id', 'in', ids)
    .where('state', 'in', ['valid', 'pending'])
    .groupBy('presentation_id')
    .execute();
  return new Map(rows.map((r) => [r.presentation_id, Number(r.n)]));
}

/** What is on in the halls between two instants (a show that ends inside counts), for the clash check. */
export async function showsInHalls(
  db: Db,
  hallIds: readonly number[],
  from: number,
  to: number,
): Promise<(HallShow & { title: LocalizedText })[]> {
  if (hallIds.length === 0) return [];
  // No show runs longer than a day: one that started a day before `from` is the earliest that may reach it.
  const rows = await presentationQuery(db)
    .where('sp.hall_id', 'in', hallIds)
    .where('p.starts_at', '>=', from - 24 * 3_600_000)
    .where('p.starts_at', '<=', to)
    .where('p.called_off_at', 'is', null)
    .orderBy('p.starts_at')
    .execute();
  return rows.map((r) => ({
    hallId: r.hall_id ?? r.seatplan_id,
    startsAt: Number(r.starts_at),
    endsAt: Number(r.starts_at) + r.duration_minutes * 60_000,
    presentationId: r.id,
    title: JSON.parse(r.title_json) as LocalizedText,
  }));
}

/**
 * New shows checked against the presentations of their halls (and each other): the clashes, and the
 * titles of the presentations they run into. `except`: a presentation being moved (not in its own way).
 * Presentations called off leave their hall free.
 */
export async function clashesInHalls(
  db: Db,
  shows: readonly PlannedShow[],
  gapMinutes: number,
  except?: number,
): Promise<{ clashes: Clash[]; titles: Map<number, LocalizedText> }> {
  if (shows.length === 0) return { clashes: [], titles: new Map() };
  const from = Math.min(...shows.map((s) => s.startsAt));
  const to = Math.max(...shows.map((s) => s.endsAt)) + gapMinutes * 60_000;
  const there = (await showsInHalls(db, [...new Set(shows.map((s) => s.hallId))], from, to)).filter(
    (e) => e.presentationId !== except,
  );
  return {
    clashes: findClashes(shows, there, gapMinutes),
    titles: new Map(there.map((e) => [e.presentationId!, e.title])),
  };
}

/** What a show runs into, as the admin API names it (`title`: the other show's feature). */
export function clashView(w: HallShow, title: LocalizedText) {
  return {
    presentationId: w.presentationId ?? null,
    index: w.index ?? null,
    title,
    startsAt: iso(w.startsAt),
    endsAt: iso(w.endsAt),
  };
}
