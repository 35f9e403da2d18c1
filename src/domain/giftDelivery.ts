import { addDaysIso, calendarDate, VENUE_TIME_ZONE } from './venue.ts';
import { wallInstant } from './schedule.ts';

/**
 * A gift card sent as a gift (issue 35): the e-mail reaches the recipient on a date the buyer picks.
 * Pure, shared by the shop (the date field's bounds) and the box office (which enforces them and
 * schedules the message). Dates are calendar dates (YYYY-MM-DD) on the venue's clocks.
 */

/** The longest message a buyer may write on a gift, in characters. */
export const GIFT_MESSAGE_MAX = 500;
/** The longest recipient name. */
export const GIFT_NAME_MAX = 100;
/** The wall-clock time a gift for a later date goes out: the morning, not at midnight. */
export const GIFT_DELIVERY_TIME = '08:00';

/**
 * The dates a gift may be delivered on: from today to the last day every gift card of the order is still
 * valid. `validUntil` holds, per gift card line, the last calendar date it is good for (see
 * `lastValidDate`); a gift must reach its recipient while every card in it can still be spent.
 */
export function giftDateWindow(
  now: number,
  validUntil: readonly string[],
  timeZone: string = VENUE_TIME_ZONE,
): { first: string; last: string } {
  const first = calendarDate(now, timeZone);
  const last = validUntil.reduce((a, d) => (d < a ? d : a), addDaysIso(first, 3650));
  return { first, last };
}

/**
 * The last calendar date a gift card bought now is good for: a card valid `validityDays` days from its
 * purchase is still good on the day before the last (its last day ends at the time it was bought); a
 * card for a date (a dated offer) on that date.
 */
export function lastValidDate(
  now: number,
  line: { validityDays: number; date: string | null },
  timeZone: string = VENUE_TIME_ZONE,
): string {
  if (line.date) return line.date;
  return addDaysIso(calendarDate(now, timeZone), Math.max(0, line.validityDays - 1));
}

/** Whether `date` is a delivery date the window allows. */
export function isGiftDateAllowed(date: string, window: { first: string; last: string }): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= window.first && date <= window.last;
}

/**
 * When the gift's e-mail is sent: at once for today (the buyer chose "today"), otherwise in the morning
 * of the chosen date on the venue's clocks.
 */
export function giftSendAt(date: string, now: number, timeZone: string = VENUE_TIME_ZONE): number {
  if (date <= calendarDate(now, timeZone)) return now;
  return wallInstant(date, GIFT_DELIVERY_TIME, timeZone);
}

// Control characters (but the line feed), and the invisible marks that reorder text (bidirectional
// overrides and isolates): typed into a gift, they could hide or disguise part of the e-mail.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A name or message typed for a gift as the e-mail may carry it: line breaks made plain, control and
 * direction-override characters dropped, at most two line breaks in a row, no space at either end; a
 * name (`multiline` false) is one line with single spaces. HTML is escaped where the e-mail is composed.
 */
export function cleanGiftText(text: string, multiline: boolean): string {
  const plain = text.replace(/\r\n?/g, '\n').replace(UNSAFE, '');
  if (!multiline) return plain.replace(/\s+/g, ' ').trim();
  return plain
    .split('\n')
    .map((l) => l.replace(/[^\S\n]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
