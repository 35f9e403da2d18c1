import type { Locale } from '../api/contract/common.ts';
import type { Translate } from './boardText.ts';
import { formatDate, formatDateTime, formatLongDate, formatTime, intlTag, venueTimeZone } from './format.ts';
import { businessDate, calendarDate } from './venue.ts';

/**
 * When a show starts, as a customer reads it (issue 35): a show after midnight is the night of the
 * evening before. "Saturday 00:15" is Friday night to anyone going out on Friday, so such a show says
 * "Friday night, 00:15" wherever it is shown: the board (under Friday, where its business date puts
 * it), the order page, the cart, the e-ticket, the personal area, the messages, the calendar file.
 *
 * The cutoff is the business day's start (BUSINESS_DAY_STARTS_AT_HOUR, 05:00 venue time): the same rule
 * that gives a show its business date, so the evening named is always the board's day of the show.
 * Where a full date is shown, the show's real calendar date stays beside it ("Friday night, 00:15
 * (Saturday, 05/12/2026)"): a customer matching the ticket against a calendar finds the right day.
 * Pure: the shop and the box office (first paint, e-mails, calendar files) write the same words.
 */

/** The weekdays' keys of the night phrases (`events.night.fri`), Sunday first as Date counts them. */
const NIGHT_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The evening (YYYY-MM-DD) whose night a show starting at `instant` is: the day before its calendar date
 * when it starts after midnight and before the business day starts in `timeZone`; null for any other show.
 */
export function nightOf(instant: number, timeZone: string = venueTimeZone()): string | null {
  const evening = businessDate(instant, timeZone);
  return evening === calendarDate(instant, timeZone) ? null : evening;
}

/** "Friday night" for the evening of a calendar date (YYYY-MM-DD), in the translation's language. */
export function nightName(evening: string, t: Translate): string {
  const weekday = new Date(`${evening}T12:00:00Z`).getUTCDay();
  return t(`events.night.${NIGHT_KEYS[weekday] ?? 'sun'}`);
}

/**
 * A show's start with its date: the long format (formatDateTime), or for a show after midnight its
 * night, time and real calendar date: "Friday night, 00:15 (Saturday, 05/12/2026)".
 */
export function formatShowDateTime(
  iso: string,
  locale: Locale,
  t: Translate,
  timeZone: string = venueTimeZone(),
): string {
  const instant = Date.parse(iso);
  const evening = nightOf(instant, timeZone);
  if (evening === null) return formatDateTime(iso, locale, timeZone);
  return t('events.nightDateTime', {
    night: nightName(evening, t),
    time: formatTime(iso, locale, timeZone),
    date: formatDate(iso, locale, timeZone),
    day: formatLongDate(calendarDate(instant, timeZone), locale),
  });
}

/**
 * A show's start where its day is already shown (the board, under the day's heading): the time, or for
 * a show after midnight its night and time: "Friday night, 00:15".
 */
export function formatShowTime(
  iso: string,
  locale: Locale,
  t: Translate,
  timeZone: string = venueTimeZone(),
): string {
  const evening = nightOf(Date.parse(iso), timeZone);
  const time = formatTime(iso, locale, timeZone);
  return evening === null ? time : t('events.nightTime', { night: nightName(evening, t), time });
}

/**
 * A show after midnight on a phone's one line: its night, time and short calendar date ("Friday night,
 * 00:15 (05/12)"); null for any other show, which keeps the line's own short format.
 */
export function nightShortDateTime(
  iso: string,
  locale: Locale,
  t: Translate,
  timeZone: string = venueTimeZone(),
): string | null {
  const evening = nightOf(Date.parse(iso), timeZone);
  if (evening === null) return null;
  // Day and month only: the night already names the weekdays, and the line has the venue to fit.
  const day = new Intl.DateTimeFormat(intlTag(locale), { timeZone, day: 'numeric', month: 'numeric' }).format(
    new Date(iso),
  );
  return t('events.nightDateTime', {
    night: nightName(evening, t),
    time: formatTime(iso, locale, timeZone),
    date: day,
    day,
  });
}
