import { sql, type Kysely } from 'kysely';
import type { LocalizedText, Locale } from '../../../../src/api/contract/common.ts';
import type { DateRow, FeatureRow, ShowRow } from '../../../../src/api/contract/reports.ts';
import type { Database } from '../../../db/types.ts';
import type { ReportRange } from './range.ts';

type Db = Kysely<Database>;
export type ShowWithFeature = ShowRow & { featureId: number };

/**
 * Attendance, the definitions every report shares:
 * - a ticket is *sold* when it is an order ticket of kind 'seat' in state 'valid' whose order is 'paid'
 *   (pending, held, failed and cancelled orders, void and cancelled tickets, and videos do not count);
 * - *ticket revenue* is the ticket's price plus its service charge (both agorot, per seat), summed only
 *   over orders priced in the venue's currency (`currency_code` null or the venue's): another currency's
 *   tickets count as attendance but not as money;
 * - a show is in the range when its business date is (shows after midnight count for the evening).
 */

export function pick(json: string, locale: Locale): string {
  const text = JSON.parse(json) as LocalizedText;
  return text[locale] ?? text.en ?? text.he ?? Object.values(text)[0] ?? '';
}

/** Ticket revenue of the venue's currency, in SQL both dialects read alike. */
export function ownMoney(amount: ReturnType<typeof sql>, currency: string) {
  return sql<
    string | number
  >`coalesce(sum(case when o.currency_code is null or o.currency_code = ${currency} then ${amount} else 0 end), 0)`;
}

/** One row per presentation in the range, with the shows that sold nothing. */
export async function showRows(
  db: Db,
  range: ReportRange,
  currency: string,
  locale: Locale,
): Promise<ShowWithFeature[]> {
  const shows = await db
    .selectFrom('presentations as p')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('venues as v', 'v.id', 'p.venue_id')
    .innerJoin('seatplans as sp', 'sp.id', 'p.seatplan_id')
    .select([
      'p.id',
      'p.starts_at',
      'p.business_date',
      'p.feature_id',
      'f.title_json',
      'v.name_json',
      'sp.hall_name_json',
      'sp.seat_count',
    ])
    .where('p.business_date', '>=', range.from)
    .where('p.business_date', '<=', range.to)
    .where('p.venue_type_id', '<', 101) // videos on demand have no seats and no attendance
    .execute();
  const sold = await db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .select((eb) => [
      't.presentation_id',
      eb.fn.countAll<string | number>().as('tickets'),
      ownMoney(sql`t.price + t.service_charge`, currency).as('revenue'),
    ])
    .where('t.kind', '=', 'seat')
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .where('p.business_date', '>=', range.from)
    .where('p.business_date', '<=', range.to)
    .groupBy('t.presentation_id')
    .execute();
  const byShow = new Map(sold.map((s) => [s.presentation_id, s]));
  return shows.map((p) => {
    const s = byShow.get(p.id);
    const tickets = Number(s?.tickets ?? 0);
    const capacity = Number(p.seat_count);
    return {
      presentationId: p.id,
      startsAt: new Date(Number(p.starts_at)).toISOString(),
      businessDate: p.business_date,
      feature: pick(p.title_json, locale),
      featureId: p.feature_id,
      venue: pick(p.name_json, locale),
      hall: pick(p.hall_name_json, locale),
      tickets,
      capacity,
      occupancyPermille: capacity > 0 ? Math.floor((tickets * 1000) / capacity) : 0,
      revenue: Number(s?.revenue ?? 0),
    };
  });
}

/** Per feature: its shows in the range, tickets sold and revenue. */
export function featureRows(shows: readonly ShowWithFeature[]): FeatureRow[] {
  const rows = new Map<number, FeatureRow>();
  for (const s of shows) {
    const r = rows.get(s.featureId);
    if (!r)
      rows.set(s.featureId, {
        featureId: s.featureId,
        feature: s.feature,
        firstShow: s.startsAt,
        shows: 1,
        tickets: s.tickets,
        revenue: s.revenue,
      });
    else {
      r.shows += 1;
      r.tickets += s.tickets;
      r.revenue += s.revenue;
      if (s.startsAt < r.firstShow) r.firstShow = s.startsAt;
    }
  }
  return [...rows.values()];
}

/** Per business date with shows: shows, tickets sold and revenue. */
export function dateRows(shows: readonly ShowRow[]): DateRow[] {
  const rows = new Map<string, DateRow>();
  for (const s of shows) {
    const r = rows.get(s.businessDate) ?? { date: s.businessDate, shows: 0, tickets: 0, revenue: 0 };
    r.shows += 1;
    r.tickets += s.tickets;
    r.revenue += s.revenue;
    rows.set(s.businessDate, r);
  }
  return [...rows.values()];
}
