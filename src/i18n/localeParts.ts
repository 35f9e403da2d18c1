/**
 * The locale files in three parts (issues 19 and 39): `core`, the texts of the shell and the events board
 * (the first page most visitors see); `staff`, the back office's, the door's and the plan preview's, which
 * no customer page shows; and `rest`, every other customer page's. The first page loads only its core
 * (~4 KB gzip of a locale's ~30 KB); the rest follows once the page is idle, and every other page waits
 * for it (src/app/routes.tsx), so no text ever shows as its key; the staff's pages wait for their part
 * too. Vite serves `locales/xx.json?core`, `?rest` and `?staff` (vite.config.ts); localeParts.test.ts
 * checks the parts cover every key once.
 */
export type LocalePart = 'core' | 'rest' | 'staff';
export const LOCALE_PARTS: readonly LocalePart[] = ['core', 'rest', 'staff'];

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

/** Top-level namespaces only staff pages use (src/backoffice, src/flows/preview). */
export const STAFF_NAMESPACES: readonly string[] = ['backoffice', 'door', 'reports', 'staff', 'preview'];

type Messages = Record<string, unknown>;

function inCore(path: string): boolean {
  return CORE_KEYS.some((k) => k === path || k === path.split('.')[0]);
}

/** One part of a locale's messages: the same nesting, only that part's keys. */
export function localePart(messages: Messages, part: LocalePart): Messages {
  const out: Messages = {};
  for (const [ns, value] of Object.entries(messages)) {
    if (STAFF_NAMESPACES.includes(ns)) {
      if (part === 'staff') out[ns] = value;
      continue;
    }
    if (part === 'staff') continue;
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
