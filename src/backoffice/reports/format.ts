import type { Locale } from '../../api/contract/common.ts';
import { formatDate, formatTime, intlTag } from '../../i18n/format.ts';

const percents = new Map<Locale, Intl.NumberFormat>();

/** Per mille (an integer) → '42.5%' in the staff user's language; the division is for display only. */
export function formatPermille(permille: number, locale: Locale): string {
  let f = percents.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(intlTag(locale), { style: 'percent', maximumFractionDigits: 1 });
    percents.set(locale, f);
  }
  return f.format(permille / 1000);
}

/**
 * The staff area's one date format (reports and waivers): the locale's numeric day/month/year, in the
 * venue's time zone, for an instant or a calendar date (YYYY-MM-DD).
 */
export function staffDate(iso: string, locale: Locale): string {
  return formatDate(iso, locale);
}

/** An instant in the staff area: its date as `staffDate`, then the hour and minute. */
export function staffDateTime(iso: string, locale: Locale): string {
  return `${formatDate(iso, locale)} ${formatTime(iso, locale)}`;
}
