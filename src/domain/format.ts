import type { Locale, LocalizedText } from '../api/contract/common.ts';
import { calendarDate, VENUE_COUNTRY, VENUE_CURRENCY, VENUE_TIME_ZONE } from './venue.ts';

/**
 * The venue's conventions (spec section 1 and the settings: currency ILS ₪ with 2 decimals, country IL,
 * time zone Asia/Jerusalem). Every format below reads them; `configureVenue` sets them from the box
 * office's settings when the shop starts, so a venue elsewhere is shown in its own money and time.
 */
interface Venue {
  currency: string;
  symbol: string;
  decimals: number;
  country: string;
  timeZone: string;
}

let venue: Venue = {
  currency: VENUE_CURRENCY.code,
  symbol: VENUE_CURRENCY.symbol,
  decimals: VENUE_CURRENCY.decimals,
  country: VENUE_COUNTRY,
  timeZone: VENUE_TIME_ZONE,
};

/** Price formats by locale and currency code ('he:ILS'). */
const priceFormats = new Map<string, Intl.NumberFormat>();

export function configureVenue(settings: {
  currency: { code: string; symbol: string; decimals: number };
  country: string;
  timeZone: string;
}): void {
  venue = {
    currency: settings.currency.code,
    symbol: settings.currency.symbol,
    decimals: settings.currency.decimals,
    country: settings.country,
    timeZone: settings.timeZone,
  };
  priceFormats.clear();
}

/** The venue's time zone (Asia/Jerusalem by default), whatever the browser's zone. */
export function venueTimeZone(): string {
  return venue.timeZone;
}

/** The currency sign shown beside amount inputs (₪). */
export function currencySymbol(): string {
  return venue.symbol;
}

/**
 * BCP 47 tags for Intl: the venue's country conventions for Hebrew, English and Arabic (day/month/year
 * in Israel), Latin digits for Arabic; Russian and Polish keep their own countries' conventions.
 */
export function intlTag(locale: Locale): string {
  switch (locale) {
    case 'ru':
      return 'ru-RU';
    case 'pl':
      return 'pl-PL';
    case 'ar':
      return `ar-${venue.country}-u-nu-latn`;
    default:
      return `${locale}-${venue.country}`;
  }
}

/**
 * Minor units (agorot) → '₪42.50' in the customer's language, in the venue's currency; or in `currency`
 * (an ISO 4217 code: an order priced in EUR → '€120.00'), with that currency's own decimals.
 */
export function formatPrice(agorot: number, locale: Locale, currency?: string | null): string {
  const asked = currency?.trim().toUpperCase() ?? '';
  const code = /^[A-Z]{3}$/.test(asked) ? asked : venue.currency;
  const own = code === venue.currency;
  const key = `${locale}:${code}`;
  let f = priceFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlTag(locale), {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      ...(own ? { minimumFractionDigits: venue.decimals, maximumFractionDigits: venue.decimals } : {}),
    });
    priceFormats.set(key, f);
  }
  const decimals = own ? venue.decimals : (f.resolvedOptions().maximumFractionDigits ?? 2);
  // Division happens only here, for display; amounts stay integers everywhere else.
  return f.format(agorot / 10 ** decimals);
}

const LONG_DATE: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};

/** Long format: weekday, day/month/year, hour:minute, always in the venue's time zone (or `timeZone`). */
export function formatDateTime(iso: string, locale: Locale, timeZone: string = venue.timeZone): string {
  return new Intl.DateTimeFormat(intlTag(locale), {
    ...LONG_DATE,
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/**
 * Short format for a phone's one line: short weekday, day/month, hour:minute ("Mon, 07/12, 16:45"), in the
 * venue's time zone. The year is left out: a show sells weeks ahead, and the long format is in its title.
 */
export function formatShortDateTime(iso: string, locale: Locale, timeZone: string = venue.timeZone): string {
  return new Intl.DateTimeFormat(intlTag(locale), {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

export function formatTime(iso: string, locale: Locale, timeZone: string = venue.timeZone): string {
  return new Intl.DateTimeFormat(intlTag(locale), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A business date (YYYY-MM-DD) as a short chip label: weekday and day/month. */
export function formatDayChip(isoDate: string, locale: Locale): { weekday: string; date: string } {
  // Noon UTC of that date is the same calendar day in Jerusalem.
  const d = new Date(`${isoDate}T12:00:00Z`);
  const tz = { timeZone: venue.timeZone };
  return {
    weekday: new Intl.DateTimeFormat(intlTag(locale), { ...tz, weekday: 'short' }).format(d),
    date: new Intl.DateTimeFormat(intlTag(locale), { ...tz, day: 'numeric', month: 'numeric' }).format(d),
  };
}

/** A business date (YYYY-MM-DD) as a heading: weekday and day/month/year. */
export function formatLongDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag(locale), { ...LONG_DATE, timeZone: venue.timeZone }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** Today's date in the venue's time zone, as YYYY-MM-DD, whatever the browser's zone. */
export function venueToday(now: number = Date.now()): string {
  return calendarDate(now, venue.timeZone);
}

/** Picks the text in the customer's language, then English, then Hebrew, then any. */
export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en ?? text.he ?? Object.values(text)[0] ?? '';
}

/** A ticket's section in a language: the plan's name for it there, else the name it was sold under. */
export function sectionIn(t: { section: string; sectionNames?: LocalizedText }, locale: Locale): string {
  return t.sectionNames?.[locale] || t.section;
}

/** A day as day/month/year in the venue's time zone: an ISO instant or a calendar date (YYYY-MM-DD). */
export function formatDate(iso: string, locale: Locale, timeZone: string = venue.timeZone): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return new Intl.DateTimeFormat(intlTag(locale), {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
}
