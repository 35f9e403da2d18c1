import type { Locale, LocalizedText } from '../api/contract/common.ts';
import type { PresentationSummary } from '../api/contract/presentations.ts';

/**
 * The words a presentation's page gives search engines and link previews, the same on the server (its
 * head, server/http/seo) and in the shop (usePageMeta). Pure: the venue's zone and country come in.
 */

/** The text in the language, then English, then Hebrew, then any (as the shop picks). */
export function textIn(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en ?? text.he ?? Object.values(text)[0] ?? '';
}

/** BCP 47 tag as the shop's formats use it (src/i18n/format.ts intlTag): the venue's country conventions. */
function tagOf(locale: Locale, country: string): string {
  if (locale === 'ru') return 'ru-RU';
  if (locale === 'pl') return 'pl-PL';
  if (locale === 'ar') return `ar-${country}-u-nu-latn`;
  return `${locale}-${country}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Spec section 9's long format: weekday, day/month/year, hour:minute, in the venue's zone. */
export function longDateTime(
  iso: string,
  locale: Locale,
  venue: { timeZone: string; country: string },
): string {
  const key = `${locale}|${venue.timeZone}|${venue.country}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tagOf(locale, venue.country), {
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: venue.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, f);
  }
  return f.format(new Date(iso));
}

type Described = Pick<PresentationSummary, 'title' | 'venueName' | 'hallName'>;

/** A presentation's meta description: title — long date and time — venue · hall. */
export function presentationDescription(p: Described, locale: Locale, when: string): string {
  return `${textIn(p.title, locale)} — ${when} — ${textIn(p.venueName, locale)} · ${textIn(p.hallName, locale)}`;
}
