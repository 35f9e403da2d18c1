import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../api/contract/common.ts';
import {
  configureVenue,
  currencySymbol,
  formatDateTime,
  formatPrice,
  formatShortDateTime,
  formatTime,
  pickText,
  venueTimeZone,
  venueToday,
} from './format.ts';

const locales: readonly Locale[] = ['he', 'en', 'ru', 'ar', 'pl'];

/** Drops bidi marks and turns the no-break spaces Intl uses into plain spaces. */
function plain(s: string): string {
  return s.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');
}

const nonLatinDigits = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('formatPrice', () => {
  it('formats agorot as shekels with two decimals in English', () => {
    expect(formatPrice(4250, 'en')).toBe('₪42.50');
    expect(formatPrice(4200, 'en')).toBe('₪42.00');
    expect(formatPrice(5, 'en')).toBe('₪0.05');
  });

  it.each(locales)('always uses the ₪ sign and two decimals in %s', (locale) => {
    const text = plain(formatPrice(4250, locale));
    expect(text).toContain('₪');
    expect(text).not.toMatch(/ILS|NIS|ש"ח|шек/i);
    expect(text).toMatch(/42[.,]50/);
  });

  it.each(locales)('formats zero as 0 with two decimals in %s', (locale) => {
    const text = plain(formatPrice(0, locale));
    expect(text).toContain('₪');
    expect(text).toMatch(/(^|[^0-9])0[.,]00([^0-9]|$)/);
  });

  it.each(locales)('keeps every digit of a large amount in %s', (locale) => {
    const text = plain(formatPrice(123_456_789, locale));
    expect(text).toContain('₪');
    expect(text.replace(/[^0-9]/g, '')).toBe('123456789');
    expect(text).toMatch(/[.,]89([^0-9]|$)/);
  });

  it('uses the locale decimal separator for Russian and Polish', () => {
    expect(plain(formatPrice(4250, 'ru'))).toContain('42,50');
    expect(plain(formatPrice(4250, 'pl'))).toContain('42,50');
  });

  it('uses Latin digits for Arabic', () => {
    const text = plain(formatPrice(4250, 'ar'));
    expect(text).not.toMatch(nonLatinDigits);
    expect(text).toContain('42.50');
  });
});

describe('formatDateTime', () => {
  const summer = '2026-07-01T17:30:00Z';
  const winter = '2026-12-01T17:30:00Z';

  it.each(locales)('shows Israel summer time (UTC+3) in %s', (locale) => {
    const text = plain(formatDateTime(summer, locale));
    expect(text).toContain('20:30');
    expect(text).not.toContain('17:30');
  });

  it.each(locales)('shows Israel winter time (UTC+2) in %s', (locale) => {
    const text = plain(formatDateTime(winter, locale));
    expect(text).toContain('19:30');
    expect(text).not.toContain('17:30');
  });

  it('writes the long weekday and day/month/year in English', () => {
    const text = plain(formatDateTime(summer, 'en'));
    expect(text).toContain('Wednesday');
    expect(text).toContain('01/07/2026');
    expect(plain(formatDateTime(winter, 'en'))).toContain('Tuesday');
  });

  it('writes the long weekday in Hebrew, Russian and Polish', () => {
    expect(formatDateTime(summer, 'he')).toContain('יום רביעי');
    expect(formatDateTime(summer, 'ru')).toContain('среда');
    expect(formatDateTime(summer, 'pl')).toContain('środa');
  });

  it('puts the day before the month in every locale', () => {
    for (const locale of locales) {
      const text = plain(formatDateTime(summer, locale));
      expect(text).toMatch(/01[./]07[./]2026/);
    }
  });

  it('uses the Jerusalem date when the instant is after midnight there', () => {
    // 22:30 UTC on 31 December is 00:30 on 1 January in Jerusalem (UTC+2).
    const text = plain(formatDateTime('2026-12-31T22:30:00Z', 'en'));
    expect(text).toContain('01/01/2027');
    expect(text).toContain('00:30');
    expect(text).toContain('Friday');
  });

  it('uses Latin digits for Arabic', () => {
    const text = plain(formatDateTime(summer, 'ar'));
    expect(text).not.toMatch(nonLatinDigits);
    expect(text).toContain('2026');
  });
});

describe('formatShortDateTime', () => {
  it.each(locales)('keeps the Jerusalem time, the day and the month, without the year, in %s', (locale) => {
    const text = plain(formatShortDateTime('2026-12-31T22:30:00Z', locale));
    expect(text).toContain('00:30');
    expect(text).toMatch(/\b0?1[./]0?1\b/);
    expect(text).not.toContain('2027');
    expect(text).not.toMatch(nonLatinDigits);
    // Shorter than the long format: it fits a phone's line with the venue.
    expect(text.length).toBeLessThan(plain(formatDateTime('2026-12-31T22:30:00Z', locale)).length);
  });
});

describe('venueToday', () => {
  it('is already the next day in Jerusalem late in the UTC evening', () => {
    expect(venueToday(Date.parse('2026-03-10T22:30:00Z'))).toBe('2026-03-11');
  });

  it('is the same day earlier in the UTC evening', () => {
    expect(venueToday(Date.parse('2026-03-10T21:30:00Z'))).toBe('2026-03-10');
  });

  it('follows summer time (UTC+3)', () => {
    expect(venueToday(Date.parse('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
    expect(venueToday(Date.parse('2026-07-01T20:59:00Z'))).toBe('2026-07-01');
  });

  it('returns a YYYY-MM-DD string for the current time by default', () => {
    expect(venueToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('pickText', () => {
  it('picks the customer’s language first', () => {
    expect(pickText({ he: 'שלום', en: 'Hello', ru: 'Привет' }, 'ru')).toBe('Привет');
  });

  it('falls back to English', () => {
    expect(pickText({ he: 'שלום', en: 'Hello' }, 'pl')).toBe('Hello');
  });

  it('falls back to Hebrew when there is no English', () => {
    expect(pickText({ ru: 'Привет', he: 'שלום' }, 'pl')).toBe('שלום');
  });

  it('falls back to any language when there is neither English nor Hebrew', () => {
    expect(pickText({ ru: 'Привет' }, 'en')).toBe('Привет');
  });

  it('gives an empty string for no text at all', () => {
    expect(pickText({}, 'he')).toBe('');
  });
});

describe('the venue settings drive the formats', () => {
  const israel = {
    currency: { code: 'ILS', symbol: '₪', decimals: 2 },
    country: 'IL',
    timeZone: 'Asia/Jerusalem',
  };
  afterEach(() => configureVenue(israel));

  it('formats prices in the venue currency and its decimals', () => {
    configureVenue({
      currency: { code: 'PLN', symbol: 'zł', decimals: 2 },
      country: 'PL',
      timeZone: 'Europe/Warsaw',
    });
    expect(plain(formatPrice(4250, 'pl'))).toBe('42,50 zł');
    expect(currencySymbol()).toBe('zł');
    configureVenue({
      currency: { code: 'JPY', symbol: '¥', decimals: 0 },
      country: 'JP',
      timeZone: 'Asia/Tokyo',
    });
    expect(plain(formatPrice(4250, 'en'))).toBe('¥4,250');
  });

  it('shows times in the venue time zone, whatever the browser zone', () => {
    const instant = '2026-11-23T18:30:00Z';
    expect(formatTime(instant, 'en')).toBe('20:30');
    configureVenue({ currency: israel.currency, country: 'PL', timeZone: 'Europe/Warsaw' });
    expect(venueTimeZone()).toBe('Europe/Warsaw');
    expect(formatTime(instant, 'en')).toBe('19:30');
    expect(venueToday(Date.parse('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });
});
