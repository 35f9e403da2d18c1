import { describe, expect, it } from 'vitest';
import { supportedLocales } from '../api/contract/common.ts';
import { formatDateTime } from '../i18n/format.ts';
import { longDateTime, presentationDescription, textIn } from './pageText.ts';

const venue = { timeZone: 'Asia/Jerusalem', country: 'IL' };

describe('pageText', () => {
  it('writes the long date exactly as the shop shows it, in every language', () => {
    for (const iso of ['2026-11-24T17:30:00.000Z', '2026-07-15T22:15:00.000Z'])
      for (const locale of supportedLocales)
        expect(longDateTime(iso, locale, venue)).toBe(formatDateTime(iso, locale));
  });

  it('describes a presentation: title — when — venue · hall, falling back to English', () => {
    const p = { title: { en: 'Film' }, venueName: { en: 'Cinema', ru: 'Кино' }, hallName: { en: 'Hall 2' } };
    expect(presentationDescription(p, 'ru', 'вторник')).toBe('Film — вторник — Кино · Hall 2');
    expect(textIn({ pl: 'Kino' }, 'he')).toBe('Kino');
  });
});
