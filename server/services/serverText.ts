import type { Locale } from '../../src/api/contract/common.ts';

/**
 * What the server writes for people itself (the sandbox's pages, the order e-mails): HTML escaping, and
 * amounts and instants in the reader's language.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const TAGS: Record<Locale, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL', pl: 'pl-PL' };

/** An amount in minor units (agorot) in a currency (its code and decimals). */
export function money(minor: number, locale: Locale, currency: { code: string; decimals: number }): string {
  return new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency: currency.code }).format(
    minor / 10 ** currency.decimals,
  );
}

/** An instant as a full date and a time, in the given time zone. */
export function dateTime(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(TAGS[locale], { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** An instant as a date only (a gift card's last day), in the given time zone. */
export function dateOnly(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(TAGS[locale], { timeZone, dateStyle: 'long' }).format(new Date(iso));
}
