import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localePart } from './localeParts.ts';

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

describe('the locale files in two parts', () => {
  it.each(locales)('%s: core and rest hold every key exactly once', (locale) => {
    const all = flatten(load(locale)).sort();
    const core = flatten(localePart(load(locale), 'core'));
    const rest = flatten(localePart(load(locale), 'rest'));
    expect([...core, ...rest].sort()).toEqual(all);
    expect(core.filter((k) => rest.includes(k))).toEqual([]);
    // The point of the split: the first page's part is the small one.
    expect(JSON.stringify(localePart(load(locale), 'core')).length).toBeLessThan(
      JSON.stringify(load(locale)).length / 2,
    );
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
