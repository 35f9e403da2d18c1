import type { Locale } from '../api/contract/common.ts';
import { type FeatureGroup, type FormatBadge, splitBadges } from './board.ts';
import { pickText } from './format.ts';
import { fromPriceText, lowestShownPrice } from './priceText.ts';

/** A translation function: the shop's i18next `t`, or the box office's reading of the same locale files. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A format badge's text ("3D", "Dubbed: Hebrew", "Subtitles: English"): the board's and its first screen's. */
export function badgeText(b: FormatBadge, locale: Locale, t: Translate): string {
  switch (b.kind) {
    case '3d':
      return t('events.format3d');
    case 'age':
      return t('events.ageRating', { rating: b.rating });
    case 'dubbed':
      return t('events.dubbing', { language: languageName(b.language, locale) });
    case 'subtitled':
      return t('events.subtitles', { language: languageName(b.language, locale) });
    case 'language':
      return t('events.language', { language: languageName(b.language, locale) });
  }
}

/**
 * What a feature's card says, as the board (FeatureCard.tsx) and the box office's first screen of it
 * (server/http/seo/prepaint.ts) both write it: the title; venue, hall (when every showtime is in it),
 * length and the lowest price all in (fromPriceText: the price paid, fee included) on one line; the
 * badges all its showtimes share and each one's own.
 */
export function featureCardText(g: FeatureGroup, locale: Locale, t: Translate) {
  const { lead, showtimes } = g;
  const { shared, own } = splitBadges(showtimes);
  const from = lowestShownPrice(showtimes);
  // A hall all the showtimes share is said once, beside the venue, not on every button.
  const oneHall = showtimes.every((s) => s.seatplanId === lead.seatplanId);
  const meta = [
    pickText(lead.venueName, locale),
    oneHall && !lead.isVod ? pickText(lead.hallName, locale) : null,
    lead.durationMinutes > 0 ? t('events.duration', { minutes: lead.durationMinutes }) : null,
    from ? fromPriceText(from, locale, t) : null,
  ].filter((m): m is string => m !== null);
  return { title: pickText(lead.title, locale), meta: meta.join(' · '), oneHall, shared, own };
}
