import type { ReportKind } from '../../../../src/api/contract/reports.ts';
import { type CsvCell, shekels, toCsv } from './csv.ts';
import type { ReportRows } from './index.ts';

/** The CSV's file name: the report and its days. */
export function csvFileName(report: ReportKind, from: string, to: string): string {
  return `${report}-${from}-${to}.csv`;
}

const money = shekels;

/**
 * A whole report as CSV (every row of the range, in the report's sort): names in the language asked
 * for, money as shekels with two decimals, instants as ISO 8601 (UTC) beside the business date. The
 * header row is English column names, stable for spreadsheets and scripts whatever the language.
 */
export function reportCsv(all: ReportRows): string {
  switch (all.report) {
    case 'attendance-shows':
      return toCsv(
        [
          'starts_at',
          'business_date',
          'feature',
          'venue',
          'hall',
          'tickets',
          'capacity',
          'occupancy_percent',
          'revenue',
        ],
        all.rows.map((r): CsvCell[] => [
          r.startsAt,
          r.businessDate,
          r.feature,
          r.venue,
          r.hall,
          r.tickets,
          r.capacity,
          // Per mille → percent with one decimal, by integer arithmetic.
          `${Math.trunc(r.occupancyPermille / 10)}.${r.occupancyPermille % 10}`,
          money(r.revenue),
        ]),
      );
    case 'attendance-features':
    case 'top-features':
      return toCsv(
        ['rank', 'feature', 'first_show', 'shows', 'tickets', 'revenue'],
        all.rows.map((r, i): CsvCell[] => [
          i + 1,
          r.feature,
          r.firstShow,
          r.shows,
          r.tickets,
          money(r.revenue),
        ]),
      );
    case 'attendance-dates':
      return toCsv(
        ['date', 'shows', 'tickets', 'revenue'],
        all.rows.map((r): CsvCell[] => [r.date, r.shows, r.tickets, money(r.revenue)]),
      );
    case 'sales-pos':
      return toCsv(
        ['point_of_sale', 'orders', 'tickets', 'revenue'],
        all.rows.map((r): CsvCell[] => [r.pointOfSale, r.orders, r.tickets, money(r.revenue)]),
      );
    case 'sales-mini-site':
      return toCsv(
        ['mini_site_id', 'mini_site', 'orders', 'tickets', 'revenue'],
        all.rows.map((r): CsvCell[] => [
          r.miniSiteId ?? '',
          r.miniSite,
          r.orders,
          r.tickets,
          money(r.revenue),
        ]),
      );
    case 'concessions':
      return toCsv(
        ['list', 'rank', 'product', 'quantity', 'revenue'],
        [
          ...all.most.map((r, i): CsvCell[] => ['most', i + 1, r.product, r.quantity, money(r.revenue)]),
          ...all.least.map((r, i): CsvCell[] => ['least', i + 1, r.product, r.quantity, money(r.revenue)]),
        ],
      );
  }
}
