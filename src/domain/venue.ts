/**
 * The venue's conventions as the spec gives them (section 1): time zone, country and currency, and the
 * calendar and business dates read in that zone. The settings start from these (server/settings.ts) and a
 * venue's settings file may change them; code that has the settings reads `settings.timeZone` and
 * `settings.currency`, and these constants are only the defaults.
 */
export const VENUE_TIME_ZONE = 'Asia/Jerusalem';
export const VENUE_COUNTRY = 'IL';
/** New Israeli shekels; amounts are kept in agorot (hundredths). */
export const VENUE_CURRENCY = { code: 'ILS', symbol: '₪', decimals: 2 } as const;

/** Shows that start before this hour (venue time) belong to the previous business date. */
export const BUSINESS_DAY_STARTS_AT_HOUR = 5;

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let f = wallClocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, f);
  }
  return f;
}

/** The date (YYYY-MM-DD) and hour (0-23) on the clocks of `timeZone` at an instant. */
function wallDateAndHour(instant: number, timeZone: string): { date: string; hour: number } {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of wallClock(timeZone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at an instant, whatever the machine's zone. */
export function calendarDate(instant: number, timeZone: string = VENUE_TIME_ZONE): string {
  return wallDateAndHour(instant, timeZone).date;
}

/**
 * The business date (YYYY-MM-DD) of a show that starts at `instant`: its calendar date in `timeZone`, but
 * shows after midnight (before BUSINESS_DAY_STARTS_AT_HOUR) count for the evening before.
 */
export function businessDate(instant: number, timeZone: string = VENUE_TIME_ZONE): string {
  const { date, hour } = wallDateAndHour(instant, timeZone);
  return hour < BUSINESS_DAY_STARTS_AT_HOUR ? addDaysIso(date, -1) : date;
}

const wallTimes = new Map<string, Intl.DateTimeFormat>();

/** The time (HH:MM, 24-hour) on the clocks of `timeZone` at an instant: `showInstant`'s time back. */
export function wallTime(instant: number, timeZone: string = VENUE_TIME_ZONE): string {
  let f = wallTimes.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallTimes.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

/** A calendar date (YYYY-MM-DD) `days` later (earlier when negative). */
export function addDaysIso(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
