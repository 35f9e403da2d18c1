import { TZDate } from '@date-fns/tz';

export const VENUE_TZ = 'Asia/Jerusalem';

/** Shows that start before this hour belong to the previous business date. */
const BUSINESS_DAY_STARTS_AT_HOUR = 5;

export interface WallDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** The venue's calendar date at an instant. */
export function wallDateAt(ms: number): WallDate {
  const d = new TZDate(ms, VENUE_TZ);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

export function addDays(date: WallDate, days: number): WallDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The instant of a wall-clock time in Asia/Jerusalem, whatever the machine's zone. */
export function wallTime(date: WallDate, hour: number, minute: number): number {
  return new TZDate(date.year, date.month - 1, date.day, hour, minute, VENUE_TZ).getTime();
}

export function isoDate(date: WallDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The business date of a show: after-midnight shows count for the evening before. */
export function businessDate(startMs: number): string {
  const d = new TZDate(startMs, VENUE_TZ);
  const date = wallDateAt(startMs);
  return isoDate(d.getHours() < BUSINESS_DAY_STARTS_AT_HOUR ? addDays(date, -1) : date);
}
