import type { ReportKind, ReportQuery, ReportSort } from '../../../../src/api/contract/reports.ts';
import { sortsOfReport } from '../../../../src/api/contract/reports.ts';
import { addDaysIso, calendarDate } from '../../../../src/domain/venue.ts';
import { TZDate } from '@date-fns/tz';
import { AppError } from '../../../errors.ts';

/** The longest range a report covers (a year and a day, for a leap year). */
const MAX_DAYS = 366;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A report's days and the instants that bound them. `from`/`to` are venue calendar days, inclusive:
 * shows are picked by their business date (a column, so no date arithmetic in SQL on either dialect),
 * orders by `confirmed_at` in [fromMs, toMs), the venue's midnights computed here in JS.
 */
export interface ReportRange {
  from: string;
  to: string;
  fromMs: number;
  toMs: number;
}

function midnight(day: string, timeZone: string): number {
  const [, y, m, d] = DAY_RE.exec(day)!;
  return new TZDate(Number(y), Number(m) - 1, Number(d), 0, 0, timeZone).getTime();
}

function isDay(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const d = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The range asked for; by default the last 30 days to 30 days ahead of today (venue time). */
export function reportRange(q: Pick<ReportQuery, 'from' | 'to'>, now: number, timeZone: string): ReportRange {
  const today = calendarDate(now, timeZone);
  const valid = (d: string | undefined) => (d !== undefined && isDay(d) ? d : undefined);
  const from = q.from ?? addDaysIso(valid(q.to) ?? addDaysIso(today, 30), -60);
  const to = q.to ?? addDaysIso(valid(q.from) ?? addDaysIso(today, -30), 60);
  if (!isDay(from) || !isDay(to))
    throw new AppError('report_range_invalid', 'from and to are days as YYYY-MM-DD', { from, to });
  if (from > to) throw new AppError('report_range_invalid', 'from is after to', { from, to });
  if (addDaysIso(from, MAX_DAYS - 1) < to)
    throw new AppError('report_range_invalid', `a report covers ${MAX_DAYS} days at most`, { from, to });
  return { from, to, fromMs: midnight(from, timeZone), toMs: midnight(addDaysIso(to, 1), timeZone) };
}

/** The sort asked for, when the report offers it (400 report_sort_invalid otherwise), or its default. */
export function reportSort(report: ReportKind, sort: ReportSort | undefined): ReportSort {
  const allowed = sortsOfReport[report];
  if (sort === undefined) return allowed[0]!;
  if (!allowed.includes(sort))
    throw new AppError('report_sort_invalid', `${report} sorts by ${allowed.join(', ')}`, {
      allowed: allowed.join(','),
    });
  return sort;
}

/** Rows `page` (from 1) of `pageSize`; past the end: none. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/** Compares by keys in turn (numbers or strings), ascending. */
export function by<T>(...keys: ((r: T) => number | string)[]) {
  return (a: T, b: T): number => {
    for (const k of keys) {
      const x = k(a);
      const y = k(b);
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
}
