import type { Kysely } from 'kysely';
import type { Locale } from '../../../../src/api/contract/common.ts';
import type {
  FeatureRow,
  ProductRow,
  ReportAnswer,
  ReportKind,
  ReportQuery,
  ReportSort,
} from '../../../../src/api/contract/reports.ts';
import type { Database } from '../../../db/types.ts';
import { dateRows, featureRows, showRows, type ShowWithFeature } from './attendance.ts';
import { by, pageOf, reportRange, reportSort } from './range.ts';
import { posRows, productRows } from './sales.ts';
import { miniSiteRows } from './miniSites.ts';

/** What the reports need of the venue: its currency (money of other currencies is left out) and zone. */
export interface ReportVenue {
  currency: string;
  timeZone: string;
}

const TOP = 10;

/** The ten features with most tickets sold (then revenue, then name): the top ten features. */
export function topFeatures(rows: readonly FeatureRow[]): FeatureRow[] {
  return [...rows]
    .sort(
      by(
        (r) => -r.tickets,
        (r) => -r.revenue,
        (r) => r.feature,
        (r) => r.featureId,
      ),
    )
    .slice(0, TOP);
}

/** The ten products sold most and the ten sold least (ties by name, so the lists are stable). */
export function concessionLists(rows: readonly ProductRow[]): { most: ProductRow[]; least: ProductRow[] } {
  return {
    most: [...rows]
      .sort(
        by(
          (r) => -r.quantity,
          (r) => -r.revenue,
          (r) => r.product,
        ),
      )
      .slice(0, TOP),
    least: [...rows]
      .sort(
        by(
          (r) => r.quantity,
          (r) => r.revenue,
          (r) => r.product,
        ),
      )
      .slice(0, TOP),
  };
}

type Sorted<T> = Record<string, (r: T) => number | string>;

/** Sorts rows by `sort` in `dir`; the other keys break ties (always ascending). */
function sortRows<T>(
  rows: T[],
  keys: Sorted<T>,
  sort: ReportSort,
  dir: 'asc' | 'desc',
  tie: (r: T) => number | string,
): T[] {
  const main = keys[sort]!;
  const sign = dir === 'asc' ? 1 : -1;
  const rest = by(tie);
  return rows.sort((a, b) => sign * by(main)(a, b) || rest(a, b));
}

/** Every row of a report over the range, sorted (before paging): what the page and the CSV show. */
export async function reportRows(
  db: Kysely<Database>,
  report: ReportKind,
  q: ReportQuery,
  venue: ReportVenue,
  now: number,
) {
  const range = reportRange(q, now, venue.timeZone);
  const sort = reportSort(report, q.sort);
  // Sales sort biggest first, dates and places in their natural order, unless asked otherwise.
  const dir = q.dir ?? (sort === 'sales' ? 'desc' : 'asc');
  const locale: Locale = q.locale;
  const head = { from: range.from, to: range.to, sort, dir, page: q.page, pageSize: q.pageSize };
  const sales = (r: { revenue: number }) => r.revenue;
  switch (report) {
    case 'attendance-shows':
    case 'attendance-features':
    case 'attendance-dates':
    case 'top-features': {
      const shows = await showRows(db, range, venue.currency, locale);
      if (report === 'attendance-shows') {
        const rows = sortRows<ShowWithFeature>(
          shows,
          { date: (r) => r.startsAt, sales: sales, location: (r) => `${r.venue}\u0000${r.hall}` },
          sort,
          dir,
          (r) => `${r.startsAt}\u0000${r.presentationId}`,
        ).map(({ featureId: _, ...r }) => r);
        return { report, ...head, rows };
      }
      if (report === 'attendance-dates') {
        const rows = sortRows(dateRows(shows), { date: (r) => r.date, sales }, sort, dir, (r) => r.date);
        return { report, ...head, rows };
      }
      const features = featureRows(shows);
      if (report === 'top-features') {
        const top = topFeatures(features);
        return { report, ...head, rows: dir === 'desc' ? top : top.reverse() };
      }
      const rows = sortRows(features, { date: (r) => r.firstShow, sales }, sort, dir, (r) => r.feature);
      return { report, ...head, rows };
    }
    case 'sales-pos': {
      const rows = sortRows(
        await posRows(db, range, venue.currency),
        { location: (r) => r.pointOfSale, sales },
        sort,
        dir,
        (r) => r.pointOfSale,
      );
      return { report, ...head, rows };
    }
    case 'sales-mini-site': {
      // By name; the orders through no mini-site come last (or first, descending).
      const rows = sortRows(
        await miniSiteRows(db, range, venue.currency, locale),
        { location: (r) => (r.miniSiteId === null ? '\uffff' : r.miniSite), sales },
        sort,
        dir,
        (r) => r.miniSiteId ?? Number.MAX_SAFE_INTEGER,
      );
      return { report, ...head, rows };
    }
    case 'concessions': {
      const products = await productRows(db, range, venue.currency, locale);
      return { report, ...head, total: products.length, ...concessionLists(products) };
    }
  }
}

export type ReportRows = Awaited<ReturnType<typeof reportRows>>;

/** One page of a report, with the count of all its rows. */
export function reportPage(all: ReportRows): ReportAnswer {
  if (all.report === 'concessions') return all;
  // TypeScript loses the union member through the spread; each arm keeps its own row type.
  return {
    ...all,
    total: all.rows.length,
    rows: pageOf<never>(all.rows as never[], all.page, all.pageSize),
  } as ReportAnswer;
}
