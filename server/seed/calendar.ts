import { TZDate } from '@date-fns/tz';
import { VENUE_TIME_ZONE } from '../../src/domain/venue.ts';

/** Wall-clock dates and times of the venue's zone, for laying out the demo calendar. */

export interface WallDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** The venue's calendar date at an instant. */
export function wallDateAt(ms: number): WallDate {
  const d = new TZDate(ms, VENUE_TIME_ZONE);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

export function addDays(date: WallDate, days: number): WallDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The instant of a wall-clock time in the venue's zone, whatever the machine's zone. */
export function wallTime(date: WallDate, hour: number, minute: number): number {
  return new TZDate(date.year, date.month - 1, date.day, hour, minute, VENUE_TIME_ZONE).getTime();
}

export function isoDate(date: WallDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}
