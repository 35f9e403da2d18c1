import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import type { PresentationSummary } from '../src/api/contract/presentations.ts';
import { round2 } from './common.ts';
import { serveBuiltShop } from './shop.ts';
import { machine } from './server.ts';

/**
 * The JavaScript each of the shop's three phone routes loads, as a browser loads it: the events board
 * `/`, a cinema show's seat step `/order/<id>` (up to the seat map's first frame) and a demo customer's
 * e-ticket `/edocument/<key>`, each in a fresh headless Chromium context (empty cache), the shop built
 * with Vite into a temporary folder and served by one box office in this process (SQLite, the seeded
 * demo), as `npm start` serves it. Every script answer the page and its workers fetch counts (gzip -9
 * of its body in Node, so the server's own compression does not matter). Targets (issue 39, gzip):
 * board ≤ 150 KB, the seat step's page ≤ 250 KB (its seat map's workers not counted), the e-ticket
 * ≤ 170 KB. `bundle.json`. Alone: `node bench/bundle.ts`.
 */

export const JS_TARGETS_KB = { board: 150, seat: 250, eticket: 170 } as const;
export type RouteName = keyof typeof JS_TARGETS_KB;

export interface ShopUnderTest {
  base: string;
  /** The three routes, as paths on `base`. */
  routes: Record<RouteName, string>;
  close(): Promise<void>;
}

/**
 * Builds the shop into a temporary folder (or serves BENCH_DIST when set) and starts one box office on a
 * free port over a fresh seeded SQLite data folder; answers the three routes to measure.
 */
export async function startShop(tag: string): Promise<ShopUnderTest> {
  const shop = await serveBuiltShop(tag, { dist: process.env.BENCH_DIST });
  const { base, db } = shop;
  try {
    const { presentations } = (await (await fetch(`${base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const cinema = presentations.find(
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.isReserved && !p.isVod,
    );
    if (!cinema) throw new Error('the demo catalogue has no cinema show on sale');
    // A demo customer's paid order whose e-ticket still opens (past shows answer 410).
    const keys = await db.kysely
      .selectFrom('orders')
      .select('document_key')
      .where('state', '=', 'paid')
      .where('visitor', '=', 'box-office')
      .execute();
    let eticket: string | undefined;
    for (const { document_key } of keys) {
      const res = await fetch(`${base}/api/edocument/${encodeURIComponent(document_key)}`);
      await res.arrayBuffer();
      if (res.status === 200) {
        eticket = `/edocument/${encodeURIComponent(document_key)}`;
        break;
      }
    }
    if (!eticket) throw new Error('no demo order with an e-ticket that opens');
    return { base, routes: { board: '/', seat: `/order/${cinema.id}`, eticket }, close: shop.close };
  } catch (e) {
    await shop.close();
    throw e;
  }
}

/** Waits until a route shows what a visitor came for: the seat map's first frame, the page's heading. */
export async function routeShown(page: Page, route: RouteName): Promise<void> {
  if (route === 'seat') {
    await page.waitForFunction(() => performance.getEntriesByName('seatmap:first-frame').length > 0, null, {
      timeout: 60_000,
    });
  } else {
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 60_000 });
  }
}

export interface RouteJs {
  route: RouteName;
  path: string;
  files: number;
  rawKB: number;
  gzipKB: number;
  targetKB: number;
  pass: boolean;
  /** The part the page itself runs, and the part its workers run (the seat map's PixiJS). */
  pageGzipKB: number;
  workerGzipKB: number;
  list: { file: string; rawBytes: number; gzipBytes: number; worker: boolean }[];
  /**
   * Scripts asked for only after the route showed what it is for: the rest of the locale and the links'
   * pages prefetched once the page is idle (spec section 9: after 2 s). Not part of the route's JavaScript.
   */
  afterShownGzipKB: number;
  afterShown: { file: string; gzipBytes: number }[];
}

const kb = (bytes: number) => round2(bytes / 1024);

async function measureRoute(
  browser: Browser,
  base: string,
  route: RouteName,
  path: string,
  errors: string[],
): Promise<RouteJs> {
  // A phone-sized viewport: the page lays out (and so lazy-loads) as on the phone Lighthouse emulates.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${route}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${route}: uncaught ${e.message}`));
    const workerUrls = new Set<string>();
    page.on('worker', (w) => workerUrls.add(w.url()));
    const pending: Promise<{ url: string; body: Buffer | null }>[] = [];
    let open = true;
    // Scripts first asked for after the route showed (idle loads): listed apart.
    let shown = false;
    const lateUrls = new Set<string>();
    const earlyUrls = new Set<string>();
    context.on('request', (req) => {
      const path = req.url().startsWith('http') ? new URL(req.url()).pathname : req.url();
      if (!shown) earlyUrls.add(path);
      else if (!earlyUrls.has(path)) lateUrls.add(path);
    });
    // Context-wide: dedicated workers' scripts and the chunks they import arrive here too.
    context.on('response', (res) => {
      if (!open) return;
      const url = res.url();
      if (!url.startsWith('http')) return;
      const type = res.headers()['content-type'] ?? '';
      if (!/\.m?js$/.test(new URL(url).pathname) && !type.includes('javascript')) return;
      pending.push(
        res.body().then(
          (body) => ({ url, body }),
          () => ({ url, body: null }),
        ),
      );
    });
    await page.goto(`${base}${path}`);
    await routeShown(page, route);
    shown = true;
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    // Idle loads (the locale's rest, the links' prefetch 2 s after the page went idle) are listed apart.
    await page.waitForTimeout(3000);
    open = false;
    const got = await Promise.all(pending);
    const missing = got.filter((g) => g.body === null).map((g) => g.url);
    if (missing.length) console.warn(`bundle: ${route}: no body for ${missing.join(', ')}`);
    // A worker's own script and every chunk it imports (statically or not), followed through the bodies.
    const bodies = new Map<string, Buffer>();
    for (const g of got) if (g.body) bodies.set(new URL(g.url).pathname, g.body);
    const inWorkers = new Set<string>();
    const follow = (file: string) => {
      const body = bodies.get(file);
      if (inWorkers.has(file) || !body) return;
      inWorkers.add(file);
      for (const m of body.toString('utf8').matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.js)["'`]/g))
        follow(`/assets/${m[1]}`);
    };
    for (const u of workerUrls) follow(new URL(u).pathname);
    const all = [...bodies]
      .map(([file, body]) => ({
        file,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        worker: inWorkers.has(file),
      }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const list = all.filter((f) => !lateUrls.has(f.file) || f.worker);
    const afterShown = all
      .filter((f) => lateUrls.has(f.file) && !f.worker)
      .map((f) => ({ file: f.file, gzipBytes: f.gzipBytes }));
    const gzipKB = kb(list.reduce((s, f) => s + f.gzipBytes, 0));
    const workerGzipKB = kb(list.filter((f) => f.worker).reduce((s, f) => s + f.gzipBytes, 0));
    return {
      route,
      path,
      files: list.length,
      rawKB: kb(list.reduce((s, f) => s + f.rawBytes, 0)),
      gzipKB,
      targetKB: JS_TARGETS_KB[route],
      pass: gzipKB - workerGzipKB <= JS_TARGETS_KB[route],
      pageGzipKB: round2(gzipKB - workerGzipKB),
      workerGzipKB,
      list,
      afterShownGzipKB: kb(afterShown.reduce((s, f) => s + f.gzipBytes, 0)),
      afterShown,
    };
  } finally {
    await context.close();
  }
}

export interface BundleResult {
  date: string;
  machine: string;
  routes: RouteJs[];
  consoleErrors: string[];
}

export async function benchBundle(): Promise<BundleResult> {
  const shop = await startShop('bundle');
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    const errors: string[] = [];
    const routes: RouteJs[] = [];
    for (const [route, path] of Object.entries(shop.routes) as [RouteName, string][])
      routes.push(await measureRoute(browser, shop.base, route, path, errors));
    const result: BundleResult = {
      date: new Date().toISOString(),
      machine: machine(),
      routes,
      consoleErrors: errors,
    };
    const out = join(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.table(
      routes.map((r) => ({
        route: r.route,
        files: r.files,
        rawKB: r.rawKB,
        gzipKB: r.gzipKB,
        pageGzipKB: r.pageGzipKB,
        workerGzipKB: r.workerGzipKB,
        afterShownGzipKB: r.afterShownGzipKB,
        targetKB: r.targetKB,
        pass: r.pass,
      })),
    );
    for (const e of errors) console.warn(`bundle: console: ${e}`);
    console.log('written bench/results/bundle.json');
    return result;
  } finally {
    await browser?.close();
    await shop.close();
  }
}

if (import.meta.main) await benchBundle();
