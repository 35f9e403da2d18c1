import type { Locale, LocalizedText } from '../api/contract/common.ts';

export const VENUE_TIME_ZONE = 'Asia/Jerusalem';

/** BCP 47 tags for Intl: Israeli conventions, day/month/year, Latin digits for Arabic. */
const intlTags: Record<Locale, string> = {
  he: 'he-IL',
  en: 'en-IL',
  ru: 'ru-RU',
  ar: 'ar-IL-u-nu-latn',
  pl: 'pl-PL',
};

export function intlTag(locale: Locale): string {
  return intlTags[locale];
}

const priceFormats = new Map<Locale, Intl.NumberFormat>();

/** Agorot → '₪42.50' in the customer's language (ILS, 2 decimals, the ₪ sign everywhere). */
export function formatPrice(agorot: number, locale: Locale): string {
  let f = priceFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(intlTags[locale], {
      style: 'currency',
      currency: 'ILS',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    priceFormats.set(locale, f);
  }
  // Division happens only here, for display; amounts stay integers everywhere else.
  return f.format(agorot / 100);
}

const LONG_DATE: Intl.DateTimeFormatOptions = {
  timeZone: VENUE_TIME_ZONE,
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};

/** Long format: weekday, day/month/year, hour:minute, always in the venue's time zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], {
    ...LONG_DATE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

export function formatTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], {
    timeZone: VENUE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A business date (YYYY-MM-DD) as a short chip label: weekday and day/month. */
export function formatDayChip(isoDate: string, locale: Locale): { weekday: string; date: string } {
  // Noon UTC of that date is the same calendar day in Jerusalem.
  const d = new Date(`${isoDate}T12:00:00Z`);
  const tz = { timeZone: VENUE_TIME_ZONE };
  return {
    weekday: new Intl.DateTimeFormat(intlTags[locale], { ...tz, weekday: 'short' }).format(d),
    date: new Intl.DateTimeFormat(intlTags[locale], { ...tz, day: 'numeric', month: 'numeric' }).format(d),
  };
}

/** A business date (YYYY-MM-DD) as a heading: weekday and day/month/year. */
export function formatLongDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], LONG_DATE).format(new Date(`${isoDate}T12:00:00Z`));
}

/** Today's date in the venue's time zone, as YYYY-MM-DD, whatever the browser's zone. */
export function venueToday(now: number = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now));
  return parts;
}

export function addDaysIso(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Picks the text in the customer's language, then English, then Hebrew, then any. */
export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en ?? text.he ?? Object.values(text)[0] ?? '';
}

/** A day as day/month/year in the venue's time zone: an ISO instant or a calendar date (YYYY-MM-DD). */
export function formatDate(iso: string, locale: Locale): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return new Intl.DateTimeFormat(intlTags[locale], {
    timeZone: VENUE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
}
