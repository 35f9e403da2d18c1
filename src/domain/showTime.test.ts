import fc from 'fast-check';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import he from '../../locales/he.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };
import ru from '../../locales/ru.json' with { type: 'json' };
import type { Locale } from '../api/contract/common.ts';
import type { Translate } from './boardText.ts';
import { formatDate, formatDateTime, formatTime } from './format.ts';
import { formatShowDateTime, formatShowTime, nightOf, nightShortDateTime } from './showTime.ts';
import { addDaysIso, BUSINESS_DAY_STARTS_AT_HOUR, calendarDate } from './venue.ts';

const ZONE = 'Asia/Jerusalem';
const LOCALES: Locale[] = ['he', 'en', 'ru', 'ar', 'pl'];
/** Saturday 5 December 2026, 00:15 in Jerusalem (UTC+2): Friday night. */
const FRIDAY_NIGHT = '2026-12-04T22:15:00.000Z';
/** The same Saturday, 19:30. */
const SATURDAY_EVENING = '2026-12-05T17:30:00.000Z';

/** The venue's wall-clock hour at an instant. */
function wallHour(instant: number): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(instant),
  );
}

/** A translation that shows its key and parameters, so a property can read what was asked for. */
const echo: Translate = (key, params) => (params ? `${key}${JSON.stringify(params)}` : key);

// Instants over years of both offsets (winter UTC+2, summer UTC+3) and their changes.
const instants = fc.integer({
  min: Date.parse('2024-01-01T00:00:00Z'),
  max: Date.parse('2034-12-31T00:00:00Z'),
});

describe('the night rule', () => {
  it('changes only shows that start before the business day starts, and names the day before', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const evening = nightOf(instant, ZONE);
        if (wallHour(instant) >= BUSINESS_DAY_STARTS_AT_HOUR) expect(evening).toBeNull();
        else expect(evening).toBe(addDaysIso(calendarDate(instant, ZONE), -1));
      }),
    );
  });

  it('writes any other show exactly as before, in every language', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...LOCALES), (instant, locale) => {
        fc.pre(wallHour(instant) >= BUSINESS_DAY_STARTS_AT_HOUR);
        const iso = new Date(instant).toISOString();
        expect(formatShowDateTime(iso, locale, echo, ZONE)).toBe(formatDateTime(iso, locale, ZONE));
        expect(formatShowTime(iso, locale, echo, ZONE)).toBe(formatTime(iso, locale, ZONE));
        expect(nightShortDateTime(iso, locale, echo, ZONE)).toBeNull();
      }),
    );
  });

  it('names the previous evening’s weekday for a show after midnight, with its time and real date', () => {
    const keys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    fc.assert(
      fc.property(instants, fc.constantFrom(...LOCALES), (instant, locale) => {
        fc.pre(wallHour(instant) < BUSINESS_DAY_STARTS_AT_HOUR);
        const iso = new Date(instant).toISOString();
        const calendarDay = new Date(`${calendarDate(instant, ZONE)}T12:00:00Z`).getUTCDay();
        const night = `events.night.${keys[(calendarDay + 6) % 7]}`;
        const long = formatShowDateTime(iso, locale, echo, ZONE);
        expect(long.startsWith('events.nightDateTime')).toBe(true);
        expect(long).toContain(`"night":"${night}"`);
        expect(long).toContain(`"time":"${formatTime(iso, locale, ZONE)}"`);
        expect(long).toContain(`"date":"${formatDate(iso, locale, ZONE)}"`);
        expect(formatShowTime(iso, locale, echo, ZONE)).toBe(
          `events.nightTime${JSON.stringify({ night, time: formatTime(iso, locale, ZONE) })}`,
        );
      }),
    );
  });
});

describe('a show after midnight in words', () => {
  const tr: Partial<Record<Locale, Translate>> = {};
  beforeAll(async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: Object.fromEntries(
        Object.entries({ he, en, ru, ar, pl }).map(([l, translation]) => [l, { translation }]),
      ),
      interpolation: { escapeValue: false },
    });
    for (const lng of LOCALES) {
      const t = i18n.getFixedT(lng);
      tr[lng] = (key, params) => t(key, params ?? {});
    }
  });
  const t = (locale: Locale) => tr[locale]!;

  it('says Friday night for Saturday 00:15, and keeps Saturday’s date', () => {
    expect(formatShowTime(FRIDAY_NIGHT, 'en', t('en'))).toBe('Friday night, 00:15');
    expect(formatShowDateTime(FRIDAY_NIGHT, 'en', t('en'))).toBe(
      'Friday night, 00:15 (Saturday, 05/12/2026)',
    );
    expect(formatShowTime(FRIDAY_NIGHT, 'he', t('he'))).toBe('שישי בלילה, 00:15');
    expect(formatShowDateTime(FRIDAY_NIGHT, 'he', t('he'))).toBe('שישי בלילה, 00:15 (יום שבת, 05.12.2026)');
    expect(formatShowTime(FRIDAY_NIGHT, 'ru', t('ru'))).toBe('ночь на субботу, 00:15');
    expect(formatShowTime(FRIDAY_NIGHT, 'pl', t('pl'))).toBe('noc z piątku na sobotę, 00:15');
    expect(formatShowTime(FRIDAY_NIGHT, 'ar', t('ar'))).toBe('ليل الجمعة–السبت، 00:15');
    expect(nightShortDateTime(FRIDAY_NIGHT, 'en', t('en'))).toBe('Friday night, 00:15 (05/12)');
  });

  it('leaves the evening show of the same Saturday as it was', () => {
    expect(formatShowDateTime(SATURDAY_EVENING, 'en', t('en'))).toBe('Saturday, 05/12/2026, 19:30');
    expect(formatShowTime(SATURDAY_EVENING, 'he', t('he'))).toBe('19:30');
  });

  it('has every night in every language', () => {
    for (const locale of LOCALES)
      for (let d = 0; d < 7; d++) {
        // 00:15 on 6–12 December 2026 (Sunday to Saturday): the nights of Saturday to Friday.
        const iso = new Date(Date.parse('2026-12-05T22:15:00Z') + d * 86_400_000).toISOString();
        expect(formatShowTime(iso, locale, t(locale))).not.toContain('events.');
      }
  });
});
