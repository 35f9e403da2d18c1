/**
 * What the door's service worker (sw.ts) does with a request, pure so it is tested without a browser.
 * The worker controls only the door page (scope /door); everything the page fetches passes here.
 */
export type SwStrategy =
  /** The door page itself: the network first, the kept copy when the network is away. */
  | 'page'
  /** Vite's hashed files never change: the kept copy first, else the network (and kept). */
  | 'asset'
  /**
   * The few calls the shop makes before it draws anything (the visitor, the venue's settings and menu,
   * who is logged in): the network first, the last answer when the network is away, so the page starts
   * offline. No other API call is ever kept: scans, the download and counts always go to the box office.
   */
  | 'boot'
  /** Other files of the site (icons, the manifest): the network first, the kept copy when away. */
  | 'static'
  /** Left to the browser. */
  | 'network';

export const SW_CACHE = 'door-v1';
/** The service worker's stable address (no hash: the browser checks it for updates). */
export const SW_URL = '/door-sw.js';
export const SW_SCOPE = '/door';
/** The key the page's HTML is kept under, whatever its query (`?language=en`). */
export const PAGE_KEY = '/door';
export const BOOT_CALLS: readonly string[] = ['/api/session', '/api/settings', '/api/menu', '/api/staff/me'];
/** The call that logs staff out: the kept "who is logged in" goes with it. */
export const LOGOUT_CALL = '/api/staff/logout';
/** The message the page posts with the files it loaded before the worker controlled it. */
export const PRECACHE_MESSAGE = 'door-precache';

export function isDoorPath(pathname: string): boolean {
  return pathname === SW_SCOPE || pathname.startsWith(`${SW_SCOPE}/`);
}

export function strategyOf(url: URL, origin: string, method: string, navigate: boolean): SwStrategy {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  if (navigate) return isDoorPath(url.pathname) ? 'page' : 'network';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.pathname.startsWith('/api/')) return BOOT_CALLS.includes(url.pathname) ? 'boot' : 'network';
  return 'static';
}

/** The cache key of a request the worker keeps: the page under one key, the rest by their address. */
export function cacheKeyOf(url: URL, strategy: SwStrategy): string {
  return strategy === 'page' ? PAGE_KEY : url.pathname + url.search;
}

/**
 * The files the page asks the worker to keep (what it loaded before the worker was there): same-origin
 * files only, the page under its key, the boot calls as they are, no other API call.
 */
export function precacheList(urls: readonly string[], origin: string): string[] {
  const out = new Set<string>();
  for (const text of urls) {
    let url: URL;
    try {
      url = new URL(text, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (isDoorPath(url.pathname)) out.add(PAGE_KEY);
    else {
      const strategy = strategyOf(url, origin, 'GET', false);
      if (strategy !== 'network') out.add(cacheKeyOf(url, strategy));
    }
  }
  for (const call of BOOT_CALLS) out.add(call);
  return [...out];
}
