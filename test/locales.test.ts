import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../src/api/contract/errors.ts';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const localeCodes = ['he', 'en', 'ru', 'ar', 'pl'] as const;

type Messages = { [key: string]: unknown };

function load(locale: string): Messages {
  return JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as Messages;
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; non-string leaves are kept as they are so the checks can see them. */
function flatten(messages: Messages, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Messages, `${prefix}${key}.`)) out.set(k, v);
    } else {
      out.set(`${prefix}${key}`, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const flat = new Map(localeCodes.map((l) => [l, flatten(load(l))]));

function messagesOf(locale: string): Map<string, unknown> {
  const messages = flat.get(locale as (typeof localeCodes)[number]);
  if (!messages) throw new Error(`locale ${locale} not loaded`);
  return messages;
}

const en = messagesOf('en');

describe('locale files', () => {
  it.each(localeCodes)('%s.json exists and parses to an object', (locale) => {
    const messages = load(locale);
    expect(typeof messages).toBe('object');
    expect(Object.keys(messages).length).toBeGreaterThan(0);
  });

  it.each(localeCodes)('%s.json has exactly the keys of en.json', (locale) => {
    expect([...messagesOf(locale).keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each(localeCodes)('%s.json has no empty or non-text values', (locale) => {
    const bad = [...messagesOf(locale)]
      .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it.each(localeCodes)('%s.json uses the same placeholders as en.json', (locale) => {
    const mismatched: string[] = [];
    for (const [key, value] of messagesOf(locale)) {
      const reference = en.get(key);
      if (typeof value !== 'string' || typeof reference !== 'string') continue;
      if (placeholders(value).join(',') !== placeholders(reference).join(',')) mismatched.push(key);
    }
    expect(mismatched).toEqual([]);
  });

  it('finds the placeholders it compares', () => {
    expect(placeholders(String(en.get('events.priceFrom')))).toEqual(['price']);
    expect(placeholders(String(en.get('errors.max_seats_error')))).toEqual(['maxSeats']);
  });

  it.each(localeCodes)('%s.json translates every code of the error catalogue', (locale) => {
    const messages = messagesOf(locale);
    const missing = errorCodes.filter((code) => {
      const text = messages.get(`errors.${code}`);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('uses the spec wording for the 404 and general error messages in English', () => {
    expect(en.get('errors.pageNotFound')).toBe('This page could not be found.');
    expect(en.get('errors.errorOccurred')).toBe('Error Occurred');
  });
});
