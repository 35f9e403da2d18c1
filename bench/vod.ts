import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { SANDBOX_CARDS } from '../server/services/payments/sandbox/cards.ts';
import type { PresentationSummary, TicketGroup } from '../src/api/contract/presentations.ts';
import { pct, round2 } from './common.ts';
import { machine } from './server.ts';
import { type BuiltShop, serveBuiltShop } from './shop.ts';
import { BENCH_LIMITS, visitor } from './visitors.ts';

/**
 * Video on demand in headless Chromium against the built shop, served by one box office in this process
 * (SQLite, the seeded demo). Time to first frame: for each run a fresh film purchase (POST
 * /api/payment/commit, the sandbox's approving card), a fresh browser context (empty cache) at the
 * purchase's viewing page; the play button is clicked as soon as it shows, and the page's own
 * `vod:first-frame` mark (requestVideoFrameCallback) ends the run. All times are the page's
 * `performance.now()` (navigation start = 0): `readyMs` (the play button in the page), `clickToFirstFrameMs`
 * (the click → the first decoded frame) and `loadToFirstFrameMs` = their sum (as if the click came the
 * moment the button showed). Then the JavaScript each route loads (every .js / javascript answer, workers
 * too, gzip -9 of each body in Node): the viewing page up to its first frame (hls.js's chunk included)
 * against a cinema show's seat route up to the seat map's first frame. BENCH_VOD_RUNS (default 5).
 */

export interface VodRun {
  run: number;
  firstFrame: boolean;
  readyMs: number | null;
  clickToFirstFrameMs: number | null;
  loadToFirstFrameMs: number | null;
  /** What stopped a run that never reached its frame. */
  error?: string;
}

export interface JsLoad {
  route: string;
  files: number;
  rawKB: number;
  gzipKB: number;
  /** Scripts the page's workers load: each worker's own script and the chunks it imports (read off the build). */
  workerFiles: number;
  /** Workers the page started. */
  workers: number;
  list: { file: string; rawBytes: number; gzipBytes: number; worker: boolean }[];
}

interface Summary {
  median: number | null;
  p95: number | null;
  max: number | null;
}

export interface VodResult {
  date: string;
  machine: string;
  runs: VodRun[];
  allReachedFirstFrame: boolean;
  readyMs: Summary;
  clickToFirstFrameMs: Summary;
  loadToFirstFrameMs: Summary;
  js: { vod: JsLoad; seat: JsLoad };
  vodJsGzipKB: number;
  seatJsGzipKB: number;
  ratio: number;
  hlsChunkGzipKB: number | null;
  consoleErrors: string[];
  benchSeconds: number;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'];
const VIEWPORT = { width: 1280, height: 900 };
const kb = (bytes: number) => round2(bytes / 1024);

function summary(xs: (number | null)[]): Summary {
  const v = xs.filter((x): x is number => x !== null);
  if (v.length === 0) return { median: null, p95: null, max: null };
  return { median: pct(v, 50), p95: pct(v, 95), max: round2(Math.max(...v)) };
}

/** In every page of a context: when the play button first shows and when it is clicked (page clock). */
const PROBE = () => {
  const w = window as unknown as { __vodReadyAt?: number; __vodClickAt?: number };
  const check = () => {
    if (w.__vodReadyAt !== undefined) return;
    const b = document.querySelector('[data-testid="vod-play"]');
    if (b && b.getBoundingClientRect().width > 0) w.__vodReadyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  addEventListener(
    'click',
    (e) => {
      if ((e.target as Element | null)?.closest?.('[data-testid="vod-play"]'))
        w.__vodClickAt ??= performance.now();
    },
    true,
  );
};

/** Collects every JavaScript answer the context fetches (pages and their workers) until `stop()`. */
function collectJs(context: BrowserContext, page: Page, dist: string) {
  const workerUrls = new Set<string>();
  page.on('worker', (w) => workerUrls.add(w.url()));
  const pending: Promise<{ url: string; body: Buffer | null; fromWorker: boolean }>[] = [];
  let open = true;
  context.on('response', (res) => {
    if (!open) return;
    const url = res.url();
    const type = res.headers()['content-type'] ?? '';
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname + new URL(url).search) && !type.includes('javascript'))
      return;
    let fromWorker = false;
    try {
      res.request().frame();
    } catch {
      fromWorker = true; // a dedicated worker's request has no frame
    }
    pending.push(
      res.body().then(
        (body) => ({ url, body, fromWorker }),
        () => ({ url, body: null, fromWorker }),
      ),
    );
  });
  return async (route: string): Promise<JsLoad> => {
    open = false;
    const got = await Promise.all(pending);
    const list = got
      .filter((g) => g.body !== null && new URL(g.url).protocol.startsWith('http'))
      .map((g) => ({
        file: new URL(g.url).pathname,
        rawBytes: g.body!.length,
        gzipBytes: gzipSync(g.body!, { level: 9 }).length,
        worker: g.fromWorker || workerUrls.has(g.url),
      }));
    // A worker's own script and every chunk it imports (statically or not), read off the build.
    const inWorkers = new Set<string>();
    const follow = (file: string) => {
      if (inWorkers.has(file)) return;
      inWorkers.add(file);
      let text: string;
      try {
        text = readFileSync(join(dist, file), 'utf8');
      } catch {
        return;
      }
      for (const m of text.matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.js)["'`]/g)) follow(`/assets/${m[1]}`);
    };
    for (const u of workerUrls) follow(new URL(u).pathname);
    for (const f of list) f.worker ||= inWorkers.has(f.file);
    const missing = got.filter((g) => g.body === null).map((g) => g.url);
    if (missing.length) console.warn(`vod: ${route}: no body for ${missing.join(', ')}`);
    return {
      route,
      files: list.length,
      rawKB: kb(list.reduce((s, f) => s + f.rawBytes, 0)),
      gzipKB: kb(list.reduce((s, f) => s + f.gzipBytes, 0)),
      workerFiles: list.filter((f) => f.worker).length,
      workers: workerUrls.size,
      list,
    };
  };
}

export async function benchVod(): Promise<VodResult> {
  const started = performance.now();
  const runsWanted = Number(process.env.BENCH_VOD_RUNS ?? 5);
  if (!Number.isInteger(runsWanted) || runsWanted < 1) throw new Error(`bad BENCH_VOD_RUNS ${runsWanted}`);
  let shop: BuiltShop | undefined;
  let browser: Browser | undefined;
  const consoleErrors: string[] = [];
  try {
    // One address (127.0.0.1) buys every run's film: per-address limits lifted; visitor() ids accepted.
    shop = await serveBuiltShop('vod', { env: { ...BENCH_LIMITS } });
    const { base, dist } = shop;

    const { presentations } = (await (await fetch(`${base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const film = presentations.find((p) => p.isVod && p.saleStatus === 'open');
    if (!film) throw new Error('the demo catalogue has no film on sale');
    const cinema = presentations.find(
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.isReserved && !p.isVod,
    );
    if (!cinema) throw new Error('the demo catalogue has no cinema show on sale');
    const groups = (await (await fetch(`${base}/api/presentations/${film.id}/ticketGroups`)).json()) as {
      ticketGroups: TicketGroup[];
    };
    const ticketId = groups.ticketGroups[0]?.tickets[0]?.id;
    if (ticketId === undefined) throw new Error(`film ${film.id} has no ticket`);

    /** Buys the film as a guest; answers the viewing page's path. */
    const buy = async (): Promise<string> => {
      const res = await fetch(`${base}/api/payment/commit`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          uuid: visitor(),
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          cart: {
            customerInfo: {
              firstName: 'Bench',
              lastName: 'Viewer',
              email: 'bench@example.com',
              mobileNumber: '050-1234567',
              termsAccepted: true,
            },
            creditcardInfo: {
              number: SANDBOX_CARDS.approveVisa,
              expiry: '12/29',
              cvv: '123',
              holderId: '123456782',
            },
            videos: [{ presentationId: film.id, ticketId }],
          },
        }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`the film's commit answered ${res.status}: ${text}`);
      const watchPath = (JSON.parse(text) as { order?: { videos?: { watchPath?: string }[] } }).order
        ?.videos?.[0]?.watchPath;
      if (!watchPath) throw new Error(`the film's commit answered no watchPath: ${text}`);
      return watchPath;
    };

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const listen = (page: Page, where: string) => {
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(`${where}: ${m.text()}`);
      });
      page.on('pageerror', (e) => consoleErrors.push(`${where}: uncaught ${e.message}`));
    };

    const runs: VodRun[] = [];
    let vodJs: JsLoad | undefined;
    for (let run = 1; run <= runsWanted; run++) {
      const watchPath = await buy();
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        await context.addInitScript(PROBE);
        const page = await context.newPage();
        listen(page, `vod run ${run}`);
        const js = run === 1 ? collectJs(context, page, dist) : undefined;
        try {
          await page.goto(`${base}${watchPath}&language=en`);
          const button = page.getByTestId('vod-play');
          await button.waitFor({ state: 'visible', timeout: 30_000 });
          await button.click();
          await page.waitForFunction(() => performance.getEntriesByName('vod:first-frame').length > 0, null, {
            timeout: 30_000,
          });
          const t = await page.evaluate(() => {
            const w = window as unknown as { __vodReadyAt?: number; __vodClickAt?: number };
            return {
              ready: w.__vodReadyAt ?? null,
              click: w.__vodClickAt ?? null,
              frame: performance.getEntriesByName('vod:first-frame')[0]!.startTime,
            };
          });
          const clickToFrame = t.click === null ? null : round2(t.frame - t.click);
          const ready = t.ready === null ? null : round2(t.ready);
          runs.push({
            run,
            firstFrame: true,
            readyMs: ready,
            clickToFirstFrameMs: clickToFrame,
            loadToFirstFrameMs: ready === null || clickToFrame === null ? null : round2(ready + clickToFrame),
          });
          if (js) vodJs = await js('viewing page → first frame');
        } catch (e) {
          const state = await page
            .getByTestId('vod-video')
            .getAttribute('data-state', { timeout: 1000 })
            .catch(() => null);
          runs.push({
            run,
            firstFrame: false,
            readyMs: null,
            clickToFirstFrameMs: null,
            loadToFirstFrameMs: null,
            error: `${(e as Error).message.split('\n')[0]} (vod-video data-state=${state})`,
          });
          if (js) vodJs = await js('viewing page (no first frame)');
        }
      } finally {
        await context.close();
      }
      console.log(`vod: run ${run}/${runsWanted}: ${JSON.stringify(runs.at(-1))}`);
    }

    // The seat route of a cinema show, up to the seat map's first frame.
    let seatJs: JsLoad;
    {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        listen(page, 'seat route');
        const js = collectJs(context, page, dist);
        await page.goto(`${base}/order/${cinema.id}?language=en`);
        await page.waitForFunction(
          () => performance.getEntriesByName('seatmap:first-frame').length > 0,
          null,
          {
            timeout: 30_000,
          },
        );
        await page.getByTestId('seat-map-canvas').locator('canvas').first().waitFor({ state: 'visible' });
        seatJs = await js('seat route → seat map first frame');
      } finally {
        await context.close();
      }
    }
    if (!vodJs) throw new Error('no JavaScript figures for the viewing page');

    const hls = vodJs.list.filter((f) => basename(f.file).startsWith('hls'));
    const result: VodResult = {
      date: new Date().toISOString(),
      machine: machine(),
      runs,
      allReachedFirstFrame: runs.every((r) => r.firstFrame),
      readyMs: summary(runs.map((r) => r.readyMs)),
      clickToFirstFrameMs: summary(runs.map((r) => r.clickToFirstFrameMs)),
      loadToFirstFrameMs: summary(runs.map((r) => r.loadToFirstFrameMs)),
      js: { vod: vodJs, seat: seatJs },
      vodJsGzipKB: vodJs.gzipKB,
      seatJsGzipKB: seatJs.gzipKB,
      ratio: round2(vodJs.gzipKB / seatJs.gzipKB),
      hlsChunkGzipKB: hls.length ? kb(hls.reduce((s, f) => s + f.gzipBytes, 0)) : null,
      consoleErrors,
      benchSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
    const out = join(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'vod.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.table(runs);
    console.table({
      readyMs: result.readyMs,
      clickToFirstFrameMs: result.clickToFirstFrameMs,
      loadToFirstFrameMs: result.loadToFirstFrameMs,
    });
    console.table(
      [vodJs, seatJs].map((j) => ({
        route: j.route,
        files: j.files,
        workers: j.workers,
        workerFiles: j.workerFiles,
        rawKB: j.rawKB,
        gzipKB: j.gzipKB,
      })),
    );
    console.log(
      `vod: every run reached its first frame: ${result.allReachedFirstFrame}; JS gzip vod ${result.vodJsGzipKB} KB / ` +
        `seat ${result.seatJsGzipKB} KB = ${result.ratio}; hls chunk ${result.hlsChunkGzipKB} KB; ` +
        `${consoleErrors.length} console errors; ${result.benchSeconds} s; ${result.machine}`,
    );
    for (const e of consoleErrors) console.warn(`vod: console: ${e}`);
    console.log('written bench/results/vod.json');
    return result;
  } finally {
    await browser?.close();
    await shop?.close();
  }
}

if (import.meta.main) await benchVod();
