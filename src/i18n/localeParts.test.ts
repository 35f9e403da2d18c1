import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_PARTS, localePart } from './localeParts.ts';

const root = join(import.meta.dirname, '..', '..');
const locales = ['he', 'en', 'ru', 'ar', 'pl'];

function flatten(messages: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? flatten(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

const load = (locale: string) =>
  JSON.parse(readFileSync(join(root, 'locales', `${locale}.json`), 'utf8')) as Record<string, unknown>;

/** The literal keys (`t('ns.key')`) the files of a folder use, without its lazily loaded files. */
function keysUsedIn(dir: string, skip: RegExp): string[] {
  return readdirSync(join(root, dir))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f) && !skip.test(f))
    .flatMap((f) => [...readFileSync(join(root, dir, f), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)])
    .map((m) => m[1] ?? '');
}

describe('the locale files in three parts', () => {
  it.each(locales)('%s: core, rest and staff hold every key exactly once', (locale) => {
    const all = flatten(load(locale)).sort();
    const parts = LOCALE_PARTS.map((part) => flatten(localePart(load(locale), part)));
    expect(parts.flat().sort()).toEqual(all);
    expect(new Set(parts.flat()).size).toBe(all.length);
    // The point of the split: the first page's part is the small one, and a customer's pages do not
    // carry the back office's texts.
    expect(JSON.stringify(localePart(load(locale), 'core')).length).toBeLessThan(
      JSON.stringify(load(locale)).length / 2,
    );
    expect(Object.keys(localePart(load(locale), 'rest'))).not.toContain('backoffice');
  });

  it('no customer page uses a text of the staff part', () => {
    const staffKeys = new Set(flatten(localePart(load('en'), 'staff')));
    const customerDirs = [
      'src/app',
      'src/ui',
      ...readdirSync(join(root, 'src/flows')).map((d) => `src/flows/${d}`),
    ];
    const used = customerDirs.filter((d) => d !== 'src/flows/preview').flatMap((d) => keysUsedIn(d, /^$/));
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((k) => staffKeys.has(k))).toEqual([]);
  });

  it('the shell and the events board find all their texts in the core', () => {
    const core = new Set(flatten(localePart(load('en'), 'core')));
    const used = [
      ...keysUsedIn('src/flows/events', /^$/),
      // The shell, without what it loads on use (the cart menu's panel waits for the rest).
      ...keysUsedIn('src/app', /^(CartMenuPanel|ErrorPage|BootFailure)\./),
    ];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((k) => !core.has(k))).toEqual([]);
  });
});
