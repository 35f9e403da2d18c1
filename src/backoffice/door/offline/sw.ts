/* eslint-disable no-restricted-globals -- the worker is the page's network: it fetches for it */
import {
  BOOT_CALLS,
  cacheKeyOf,
  LOGOUT_CALL,
  PAGE_KEY,
  PRECACHE_MESSAGE,
  precacheList,
  SW_CACHE,
  type SwStrategy,
  strategyOf,
} from './swRules.ts';

/**
 * The door's service worker (built by Vite as its own entry, /door-sw.js; registered by the door page
 * only, scope /door): the page opens with the network cut. Its HTML comes from the network first and
 * from the kept copy when the network is away; Vite's hashed files are kept once and served from the
 * cache; the shop's start-up calls are kept as a fallback (swRules.ts). The page posts the files it
 * loaded before the worker controlled it, so the first visit is enough.
 *
 * The worker's types are declared here, narrowly: the project compiles against the DOM library, and
 * adding the WebWorker library beside it would clash.
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const origin = sw.location.origin;
/** A page that does not come in this time is taken from the cache (a hall's Wi-Fi that hangs). */
const PAGE_TIMEOUT_MS = 4000;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SW_CACHE)
      .then((cache) => keep(cache, [PAGE_KEY, ...BOOT_CALLS]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SW_CACHE).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== PRECACHE_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u): u is string => typeof u === 'string');
  event.waitUntil(caches.open(SW_CACHE).then((cache) => keep(cache, precacheList(urls, origin), true)));
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === 'POST' && url.origin === origin && url.pathname === LOGOUT_CALL) {
    // Logged out: the page must not start offline as the usher who was.
    event.waitUntil(caches.open(SW_CACHE).then((cache) => cache.delete('/api/staff/me')));
    return;
  }
  const strategy = strategyOf(url, origin, request.method, request.mode === 'navigate');
  if (strategy === 'network') return;
  event.respondWith(answer(request, strategy, cacheKeyOf(url, strategy)));
});

async function answer(request: Request, strategy: SwStrategy, key: string): Promise<Response> {
  const cache = await caches.open(SW_CACHE);
  if (strategy === 'asset') {
    const kept = await cache.match(key);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  }
  try {
    const response = await withTimeout(fetch(request), strategy === 'page' ? PAGE_TIMEOUT_MS : null);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

function withTimeout(response: Promise<Response>, ms: number | null): Promise<Response> {
  if (ms == null) return response;
  return Promise.race([
    response,
    new Promise<Response>((_, reject) => setTimeout(() => reject(new Error('page timed out')), ms)),
  ]);
}

/** Fetches and keeps what the cache lacks (or everything, `again`); a file that fails is skipped. */
async function keep(cache: Cache, keys: readonly string[], again = false): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      const isAsset = key.startsWith('/assets/');
      if ((isAsset || !again) && (await cache.match(key))) return;
      const response = await fetch(key, { credentials: 'same-origin' }).catch(() => null);
      if (response?.ok) await cache.put(key, response);
    }),
  );
}
