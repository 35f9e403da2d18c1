import { TZDate } from '@date-fns/tz';
import { addDaysIso, BUSINESS_DAY_STARTS_AT_HOUR, businessDate, VENUE_TIME_ZONE } from './venue.ts';

/**
 * A venue's schedule (issue 34): a feature in one or more halls over a date range, at times per weekday
 * ("16:45, 19:30 and 22:00 every day, Friday also at 14:00"), laid out as shows, and the clashes of shows
 * in one hall. Pure: the back office previews and creates with it, the box office checks again with it.
 *
 * Times are the venue's wall-clock times on a business day: a time before the business day starts
 * (00:15 on a Friday) is the night after that Friday, as a cinema's programme reads.
 */

/** Sunday = 0 … Saturday = 6, as the venue's calendar has them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface ScheduleRule {
  weekdays: readonly number[];
  /** HH:MM, 24-hour. */
  times: readonly string[];
}

export interface ScheduleSpec {
  /** The first and last business dates (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  hallIds: readonly number[];
  rules: readonly ScheduleRule[];
}

export interface PlannedShow {
  hallId: number;
  startsAt: number;
  endsAt: number;
  businessDate: string;
}

/** The most days one schedule spans, and the most shows it makes. */
export const MAX_SCHEDULE_DAYS = 120;
export const MAX_SCHEDULE_SHOWS = 1000;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isScheduleTime(time: string): boolean {
  return TIME.test(time);
}

/** The weekday of a calendar date (YYYY-MM-DD). */
export function weekdayOf(isoDate: string): Weekday {
  return new Date(`${isoDate}T12:00:00Z`).getUTCDay() as Weekday;
}

/** The days from `from` to `to`, both included (none when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= MAX_SCHEDULE_DAYS; d = addDaysIso(d, 1)) out.push(d);
  return out;
}

/** The instant of a wall-clock time on a business day in the venue's zone (after midnight: the next day). */
export function showInstant(day: string, time: string, timeZone: string = VENUE_TIME_ZONE): number {
  const m = TIME.exec(time);
  if (!m) throw new RangeError(`not a time: ${time}`);
  const hour = Number(m[1]);
  return wallInstant(hour < BUSINESS_DAY_STARTS_AT_HOUR ? addDaysIso(day, 1) : day, time, timeZone);
}

/** The instant of a calendar date and wall-clock time (HH:MM) in the venue's zone, as its clocks read. */
export function wallInstant(date: string, time: string, timeZone: string = VENUE_TIME_ZONE): number {
  const m = TIME.exec(time);
  if (!m) throw new RangeError(`not a time: ${time}`);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, mo - 1, d, Number(m[1]), Number(m[2]), timeZone).getTime();
}

/**
 * The shows a schedule makes, in time order then hall: every day of the range, every time of every rule
 * for that day's weekday (a time two rules name is one show), in every hall. Each lasts the feature's
 * duration. Past MAX_SCHEDULE_SHOWS it stops: the caller refuses such a schedule.
 */
export function expandSchedule(
  spec: ScheduleSpec,
  durationMinutes: number,
  timeZone: string = VENUE_TIME_ZONE,
): PlannedShow[] {
  const shows: PlannedShow[] = [];
  for (const day of daysBetween(spec.from, spec.to)) {
    const weekday = weekdayOf(day);
    const times = new Set<string>();
    for (const rule of spec.rules)
      if (rule.weekdays.includes(weekday)) for (const t of rule.times) times.add(t);
    for (const time of [...times].sort(
      (a, b) => showInstant(day, a, timeZone) - showInstant(day, b, timeZone),
    ))
      for (const hallId of spec.hallIds) {
        const startsAt = showInstant(day, time, timeZone);
        shows.push({
          hallId,
          startsAt,
          endsAt: startsAt + durationMinutes * 60_000,
          businessDate: businessDate(startsAt, timeZone),
        });
        if (shows.length > MAX_SCHEDULE_SHOWS) return shows;
      }
  }
  return shows;
}

/** A show already in a hall (a presentation), or one of the schedule (`index` into its shows). */
export interface HallShow {
  hallId: number;
  startsAt: number;
  endsAt: number;
  presentationId?: number;
  index?: number;
}

export interface Clash {
  /** The schedule's show that cannot be. */
  index: number;
  /** What it runs into: a presentation of the hall, or an earlier show of the same schedule. */
  with: HallShow;
}

/**
 * Two shows in one hall clash when one starts before the other has ended and the hall been cleaned
 * (`gapMinutes` after its end). Each of the schedule's shows is checked against the hall's presentations
 * and the schedule's earlier shows; the first clash of each is named.
 */
export function findClashes(
  planned: readonly PlannedShow[],
  existing: readonly HallShow[],
  gapMinutes: number,
): Clash[] {
  const gap = gapMinutes * 60_000;
  const overlaps = (a: { startsAt: number; endsAt: number }, b: { startsAt: number; endsAt: number }) =>
    a.startsAt < b.endsAt + gap && b.startsAt < a.endsAt + gap;
  const byHall = new Map<number, HallShow[]>();
  for (const e of existing) byHall.set(e.hallId, [...(byHall.get(e.hallId) ?? []), e]);
  const clashes: Clash[] = [];
  planned.forEach((show, index) => {
    const inHall = byHall.get(show.hallId) ?? [];
    const hit = inHall.find((other) => overlaps(show, other));
    if (hit) clashes.push({ index, with: hit });
    else inHall.push({ ...show, index });
    byHall.set(show.hallId, inHall);
  });
  return clashes;
}
