/**
 * The locale files in two parts (issue 19): `core`, the texts of the shell and the events board (the first
 * page most visitors see), and `rest`, everything else. The first page loads only its core (~4 KB gzip of
 * a locale's ~17 KB); the rest follows once the page is idle, and every other page waits for it
 * (src/app/routes.tsx), so no text ever shows as its key. Vite serves `locales/xx.json?core` and `?rest`
 * (vite.config.ts); test/locales.test.ts checks the two parts cover every key once.
 */
export type LocalePart = 'core' | 'rest';

/** Top-level namespaces, or single `namespace.key` entries, the core part holds. */
export const CORE_KEYS: readonly string[] = [
  'app',
  'common',
  'language',
  'category',
  'events',
  'cart',
  'calendar',
  'errors',
  'nav',
  'account.header',
  'account.headerLoggedIn',
];

type Messages = Record<string, unknown>;

function inCore(path: string): boolean {
  return CORE_KEYS.some((k) => k === path || k === path.split('.')[0]);
}

/** One part of a locale's messages: the same nesting, only that part's keys. */
export function localePart(messages: Messages, part: LocalePart): Messages {
  const out: Messages = {};
  for (const [ns, value] of Object.entries(messages)) {
    if (inCore(ns)) {
      if (part === 'core') out[ns] = value;
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      if (part === 'rest') out[ns] = value;
      continue;
    }
    const picked: Messages = {};
    for (const [key, text] of Object.entries(value as Messages))
      if (inCore(`${ns}.${key}`) === (part === 'core')) picked[key] = text;
    if (Object.keys(picked).length > 0) out[ns] = picked;
  }
  return out;
}
