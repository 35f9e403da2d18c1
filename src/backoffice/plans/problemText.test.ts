import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportedLocales } from '../../api/contract/constants.ts';
import { PLAN_PROBLEM_CODES } from '../../domain/seatplans/index.ts';
import { problemMessage, problemPlaces } from './problemText.ts';

type Tree = { [key: string]: string | Tree };
const messages = Object.fromEntries(
  supportedLocales.map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../../../locales/${l}.json`, import.meta.url), 'utf8')) as Tree,
  ]),
);
const at = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);

describe('the plan problems in every language', () => {
  it('has a sentence for every problem code, in all five locales', () => {
    for (const l of supportedLocales) {
      const missing = PLAN_PROBLEM_CODES.filter(
        (code) => typeof at(messages[l]!, `backoffice.plans.problems.${code}`) !== 'string',
      );
      expect(missing, l).toEqual([]);
    }
  });

  it('uses in each locale the same parameters as in English', () => {
    const names = (text: unknown) => [...String(text).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const code of PLAN_PROBLEM_CODES) {
      const en = names(at(messages.en!, `backoffice.plans.problems.${code}`));
      for (const l of supportedLocales)
        expect(names(at(messages[l]!, `backoffice.plans.problems.${code}`)), `${l} ${code}`).toEqual(en);
    }
  });
});

describe('problemMessage and problemPlaces', () => {
  let t: TFunction;
  beforeAll(async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: messages.en! } },
      interpolation: { escapeValue: false },
    });
    t = i18n.t;
  });

  it('names the seat, the line and the other seat of a pair', () => {
    const p = {
      severity: 'error' as const,
      code: 'seats_on_one_spot',
      line: 12,
      seat: { key: '2_126_160', section: 'Balcony', row: 'E', seat: '4' },
      params: { otherSection: 'Balcony', otherRow: 'E', otherSeat: '5' },
    };
    expect(problemMessage(t, p)).toBe('Two seats lie on top of each other on the map.');
    expect(problemPlaces(t, p)).toEqual([
      'line 12',
      'Balcony, row E, seat 4',
      'the other: Balcony, row E, seat 5',
    ]);
  });

  it('translates the words a code carries: a reason, a detail, a language', () => {
    expect(
      problemMessage(t, { severity: 'error', code: 'file_unreadable', params: { reason: 'not_json' } }),
    ).toBe('The file cannot be read: it is not valid JSON.');
    const invalid = {
      severity: 'error' as const,
      code: 'format_invalid',
      line: 4,
      params: { column: 'wheelchair', detail: 'not_a_boolean', value: 'maybe' },
    };
    expect(problemMessage(t, invalid)).toMatch(/yes or no expected/);
    expect(problemPlaces(t, invalid)).toEqual(['line 4', 'column wheelchair, value “maybe”']);
    expect(
      problemMessage(t, {
        severity: 'warning',
        code: 'section_name_missing',
        params: { locale: 'pl', sectionId: 1, section: 'Stalls' },
      }),
    ).toBe('The section “Stalls” has no name in Polski.');
    // A zod message from a JSON file is shown as it came.
    expect(
      problemMessage(t, {
        severity: 'error',
        code: 'format_invalid',
        path: 'S[0].id',
        params: { detail: 'Invalid input' },
      }),
    ).toBe('A value does not fit the format: Invalid input.');
  });
});
