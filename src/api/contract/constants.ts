/**
 * The contract's plain constants, without zod: the shop's first pages import these (the locale, the
 * video venues), and a module that builds zod schemas would bring zod into their JavaScript (issue 19).
 * `common.ts` re-exports them beside the schemas.
 */
export const supportedLocales = ['he', 'en', 'ru', 'ar', 'pl'] as const;
export type Locale = (typeof supportedLocales)[number];
export const rtlLocales: ReadonlySet<Locale> = new Set<Locale>(['he', 'ar']);

/**
 * The customer's language as a cookie (besides the shop's local storage): the box office writes pages in
 * it before any script runs (server/http/shopPages.ts). A preference, not a secret: the shop sets it.
 */
export const LOCALE_COOKIE = 'shop_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Video-on-demand presentations sit at a virtual venue of these types (spec sections 3 and 9). */
export const VOD_VENUE_TYPES: ReadonlySet<number> = new Set([101, 102, 103, 104]);

/** Seating policy 3 blocks seats that would leave a single free seat (spec section 4). */
export const SINGLE_SEAT_POLICY = 3;

/** The largest id the database holds (a 32-bit integer column). */
export const MAX_ID = 2_147_483_647;

// Plain decimal digits, no sign, no leading zero, at most ten: `Number()` (and so z.coerce) would also
// read '0x10', '1e1', '+16', '16.0' and ' 16' as ids, giving one resource many addresses.
export const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * An id as a path or query string carries it: plain decimal digits, within MAX_ID; null for anything
 * else. The one reading of such ids for the API contract (`IdParam`, common.ts), the box office's shop
 * pages and the shop's router (here, without zod: the order page's first JavaScript has none).
 */
export function parseDecimalId(text: string): number | null {
  if (!DECIMAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
