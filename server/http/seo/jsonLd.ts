import type { Locale } from '../../../src/api/contract/common.ts';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { longDateTime, presentationDescription, textIn as pickText } from '../../../src/domain/pageText.ts';
import { formatShowDateTime, nightOf } from '../../../src/domain/showTime.ts';
import { localeTexts } from '../../services/localeTexts.ts';
import { addressIn } from '../../../src/domain/venueAddress.ts';
import { orderPath, vodPath } from '../../../src/routing/paths.ts';

/**
 * schema.org `Event` data for search engines (Google's event rich results): pure functions of a
 * presentation summary and what the page knows (its address, the venue's zone and currency). No I/O
 * beyond the locale files' words for a show after midnight (localeTexts, read once per language).
 */

export interface EventContext {
  /** The shop's public origin, no trailing slash (PUBLIC_URL). */
  baseUrl: string;
  locale: Locale;
  /** IANA zone of the venue (Asia/Jerusalem). */
  timeZone: string;
  currency: { code: string; decimals: number };
  /** The venue's country (ISO 3166), for the place's address when the venue gives none of its own. */
  country: string;
  /** Absolute image addresses, best first (the feature's poster, the shop's picture). */
  images: string[];
}

const SCHEMA = 'https://schema.org';

/** The presentation's own page: its order flow, or the video's page. */
export function presentationPath(p: Pick<PresentationSummary, 'id' | 'isVod'>): string {
  return p.isVod ? vodPath(p.id) : orderPath(p.id);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function wallParts(epochMs: number, timeZone: string): Record<string, string> {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    offsetFormats.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of f.formatToParts(new Date(epochMs))) parts[type] = value;
  return parts;
}

/**
 * An instant as ISO 8601 wall time in `timeZone` with that moment's offset:
 * `2026-11-24T19:30:00+02:00` in winter, `+03:00` in Israel's summer time.
 */
export function zonedIso(epochMs: number, timeZone: string): string {
  const p = wallParts(epochMs, timeZone);
  // "GMT+02:00"; exactly "GMT" at offset zero.
  const offset = (p.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** Minor units as a decimal string by integer arithmetic (4250 agorot → "42.50"); never a float. */
export function decimalAmount(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  if (decimals <= 0) return `${sign}${abs}`;
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(decimals, '0')}`;
}

/**
 * schema.org availability from the box office's word: not on sale yet → PreOrder; sale over, or no
 * seat left (the board's `availability`) → SoldOut; else InStock (Google reads these three).
 */
export function offerAvailability(p: Pick<PresentationSummary, 'saleStatus' | 'availability'>): string {
  if (p.saleStatus === 'not_started') return `${SCHEMA}/PreOrder`;
  if (p.saleStatus === 'ended' || p.availability === 'soldOut') return `${SCHEMA}/SoldOut`;
  return `${SCHEMA}/InStock`;
}

/**
 * The presentation's description in the page's language, its time in the venue's zone; a show after
 * midnight as the night before, as the order page says it (src/domain/showTime.ts).
 */
export function eventDescription(
  p: PresentationSummary,
  ctx: Pick<EventContext, 'locale' | 'timeZone' | 'country'>,
): string {
  const when =
    nightOf(Date.parse(p.dateTime), ctx.timeZone) === null
      ? longDateTime(p.dateTime, ctx.locale, ctx)
      : formatShowDateTime(p.dateTime, ctx.locale, localeTexts(ctx.locale), ctx.timeZone);
  return presentationDescription(p, ctx.locale, when);
}

/**
 * The place's schema.org `PostalAddress` in the page's language (then English, then Hebrew, then any):
 * the venue's street address when it has one, else only its name and the shop's country.
 */
function placeAddress(
  p: Pick<PresentationSummary, 'venueAddress'>,
  ctx: Pick<EventContext, 'locale' | 'country'>,
  venue: string,
): Record<string, string> {
  const a = addressIn(p.venueAddress, ctx.locale);
  if (!a) return { '@type': 'PostalAddress', name: venue, addressCountry: ctx.country };
  return {
    '@type': 'PostalAddress',
    ...(a.street ? { streetAddress: a.street } : {}),
    ...(a.city ? { addressLocality: a.city } : {}),
    ...(a.postalCode ? { postalCode: a.postalCode } : {}),
    addressCountry: a.country,
  };
}

const MINUTE = 60_000;
const DEFAULT_DURATION_MINUTES = 120;

/** The schema.org `Event` of a presentation, in the page's language. */
export function presentationEvent(p: PresentationSummary, ctx: EventContext): Record<string, unknown> {
  const url = `${ctx.baseUrl}${presentationPath(p)}${ctx.locale === 'he' ? '' : `?language=${ctx.locale}`}`;
  const starts = Date.parse(p.dateTime);
  const ends = p.isVod
    ? Date.parse(p.saleEnd)
    : starts + (p.durationMinutes > 0 ? p.durationMinutes : DEFAULT_DURATION_MINUTES) * MINUTE;
  const venue = pickText(p.venueName, ctx.locale);
  const location = p.isVod
    ? { '@type': 'VirtualLocation', url }
    : {
        '@type': 'Place',
        name: `${venue} · ${pickText(p.hallName, ctx.locale)}`,
        address: placeAddress(p, ctx, venue),
      };
  const offers: Record<string, unknown> = {
    '@type': 'AggregateOffer',
    url,
    priceCurrency: ctx.currency.code,
    availability: offerAvailability(p),
    validFrom: zonedIso(Date.parse(p.saleStart), ctx.timeZone),
  };
  if (p.minPrice !== null) {
    const amount = decimalAmount(p.minPrice, ctx.currency.decimals);
    offers.lowPrice = amount;
    offers.price = amount;
  }
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    '@id': url,
    name: pickText(p.title, ctx.locale),
    description: eventDescription(p, ctx),
    url,
    inLanguage: ctx.locale,
    startDate: zonedIso(starts, ctx.timeZone),
    endDate: zonedIso(ends, ctx.timeZone),
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/${p.isVod ? 'Online' : 'Offline'}EventAttendanceMode`,
    location,
    ...(ctx.images.length ? { image: ctx.images } : {}),
    offers,
    organizer: { '@type': 'Organization', name: venue, url: ctx.baseUrl },
  };
}

/** The events board's list: one `ListItem` per presentation, each carrying its full `Event`. */
export function eventList(events: Record<string, unknown>[]): Record<string, unknown> {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: events.map(({ '@context': _, ...item }, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: item.url,
      item,
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>`, `&` and the line separators
 * escaped, so no text of the catalogue can close the element or open a comment.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
