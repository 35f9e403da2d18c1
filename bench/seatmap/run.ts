/**
 * `npm run bench:seatmap`: the seat-map renderer benchmark in headless Chromium.
 *
 * Generates seat plans (cinema grid, concert hall with balconies, stadium) of 1k–100k seats and their
 * status maps into a temporary folder, builds the benchmark page (bench/seatmap/page.html) with Vite,
 * serves both from 127.0.0.1, and for every (renderer × plan) opens a fresh browser context and calls
 * `window.seatmapBench.run` (see main.ts for what the page measures). The runner adds:
 *
 * - longest main-thread task: from a trace of the renderer's main thread (category `toplevel`) between
 *   the page's `bench:*` User Timing marks; the page's PerformanceObserver('longtask') figure (which only
 *   sees tasks ≥ 50 ms) is the fallback;
 * - heap: V8 heap in use after a forced GC (CDP HeapProfiler.collectGarbage + Runtime.getHeapUsage) on the
 *   page's main thread plus its workers (ours parses in a worker), with the map still alive.
 *
 * Writes bench/results/seatmap.json, prints a table and a pass/miss line for each target.
 * Env: BENCH_SIZES=1000,10000  BENCH_SHAPES=cinema,concert,stadium  BENCH_RENDERERS=ours,peer
 *      BENCH_PEER_LIMIT_S=60 (per peer plan)  BENCH_BUDGET_S=540 (whole run; later peer runs are skipped).
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { build } from 'vite';
import { countSeats } from '../../server/seed/seatplans.ts';
import type { Metrics, Renderer, RunOptions } from './main.ts';
import { encodeColumns } from '../../workers/seatplan/columns.ts';
import { makePlan, sampleSeatKeys, SHAPES, SIZES, statusMaps, type Shape } from './plans.ts';
import { targetLines } from './targets.ts';
import type { TraceEvent } from './trace.ts';

const here = import.meta.dirname;
const started = performance.now();
const elapsedS = () => (performance.now() - started) / 1000;

/** A comma-separated env list, or the fallback when unset or empty. */
function list(name: string, fallback: readonly string[]): string[] {
  const items = (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : [...fallback];
}

const sizes = list('BENCH_SIZES', SIZES.map(String)).map(Number);
const shapes = list('BENCH_SHAPES', SHAPES) as Shape[];
const renderers = list('BENCH_RENDERERS', ['ours', 'ours-json', 'peer']) as Renderer[];
const peerLimitMs = Number(process.env.BENCH_PEER_LIMIT_S ?? 60) * 1000;
const oursLimitMs = 120_000;
const budgetS = Number(process.env.BENCH_BUDGET_S ?? 540);
for (const s of sizes) if (!Number.isInteger(s) || s < 1000) throw new Error(`bad BENCH_SIZES entry ${s}`);
for (const s of shapes) if (!SHAPES.includes(s)) throw new Error(`bad BENCH_SHAPES entry ${s}`);
for (const r of renderers)
  if (r !== 'ours' && r !== 'ours-json' && r !== 'peer') throw new Error(`bad BENCH_RENDERERS entry ${r}`);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-precise-memory-info',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
const VIEWPORT = { width: 1280, height: 800 };

export interface BenchRun {
  renderer: Renderer;
  plan: Shape;
  seats: number;
  workerLoadMs: number | null;
  firstFrameMs: number | null;
  longestTaskMs: number | null;
  longestTaskInteractionMs: number | null;
  hitTestMs: number | null;
  statusUpdateMs: number | null;
  statusApplyMs: number | null;
  frameP50Ms: number | null;
  frameP95Ms: number | null;
  panP95Ms: number | null;
  zoomP95Ms: number | null;
  heapMB: number | null;
  /** The plan's JSON as it travels: gzip and brotli (quality 5, as the box office sends it). */
  planKB: { raw: number; gzip: number; brotli: number } | null;
  /** The same plan in columns (what the shop's map reads), as it travels. */
  columnsKB?: { raw: number; gzip: number; brotli: number } | null;
  note?: string;
  detail?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------------------
// Data and page
// ---------------------------------------------------------------------------------------------------------

interface PlanFiles {
  shape: Shape;
  size: number;
  seats: number;
  plan: string;
  /** The plan in columns (workers/seatplan/columns.ts), as /seats/seatplan-columns sends it. */
  columns: string;
  status: string;
  status2: string;
  sampleKeys: string[];
  planKB: { raw: number; gzip: number; brotli: number };
  columnsKB: { raw: number; gzip: number; brotli: number };
}

function compressedKB(content: string | Uint8Array): { raw: number; gzip: number; brotli: number } {
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  const text = typeof content === 'string';
  const bytes = Buffer.from(content);
  const mode = text ? zlibConstants.BROTLI_MODE_TEXT : zlibConstants.BROTLI_MODE_GENERIC;
  return {
    raw: kb(bytes.length),
    gzip: kb(gzipSync(bytes).length),
    brotli: kb(
      brotliCompressSync(bytes, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: mode },
      }).length,
    ),
  };
}

function generate(dir: string): PlanFiles[] {
  const out: PlanFiles[] = [];
  for (const size of sizes) {
    for (const shape of shapes) {
      const plan = makePlan(shape, size);
      const maps = statusMaps(plan);
      const base = `${shape}-${size}`;
      const planText = JSON.stringify(plan);
      const columns = encodeColumns(plan).bytes;
      writeFileSync(join(dir, `${base}.plan.json`), planText);
      writeFileSync(join(dir, `${base}.plan.columns`), columns);
      writeFileSync(join(dir, `${base}.status.json`), JSON.stringify(maps.first));
      writeFileSync(join(dir, `${base}.status2.json`), JSON.stringify(maps.second));
      out.push({
        shape,
        size,
        seats: countSeats(plan),
        plan: `/data/${base}.plan.json`,
        columns: `/data/${base}.plan.columns`,
        status: `/data/${base}.status.json`,
        status2: `/data/${base}.status2.json`,
        sampleKeys: sampleSeatKeys(plan, 200),
        planKB: compressedKB(planText),
        columnsKB: compressedKB(columns),
      });
    }
  }
  return out;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Static files: the built page at /, the generated data at /data/. Cross-origin isolated (precise timers). */
function serve(distDir: string, dataDir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const [root, rel] = path.startsWith('/data/')
      ? [dataDir, path.slice(6)]
      : [distDir, path.slice(1) || 'page.html'];
    const file = normalize(join(root, rel));
    let size = -1;
    try {
      if (file.startsWith(root)) size = statSync(file).isFile() ? statSync(file).size : -1;
    } catch {
      size = -1;
    }
    if (size < 0) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': 'no-store',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      ok({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Measuring one run
// ---------------------------------------------------------------------------------------------------------

/** Longest main-thread task (ms) overlapping each window between the page's bench:* marks. */
function traceLongestTasks(buffer: Buffer): {
  load: number | null;
  afterData: number | null;
  interaction: number | null;
} {
  let events: TraceEvent[];
  try {
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  } catch {
    return { load: null, afterData: null, interaction: null };
  }
  const marks = new Map<string, TraceEvent>();
  for (const e of events) if (e.name.startsWith('bench:') || e.name === 'seatmap:data') marks.set(e.name, e);
  const anchor = marks.get('bench:load-start');
  if (!anchor) return { load: null, afterData: null, interaction: null };
  // Top-level slices of the main thread: tasks (ThreadControllerImpl::RunTask) and the microtask
  // checkpoints Blink runs outside them (BlinkScheduler_PerformMicrotaskCheckpoint).
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.pid === anchor.pid &&
      e.tid === anchor.tid &&
      (e.cat ?? '').split(',').includes('toplevel'),
  );
  const longestIn = (from?: TraceEvent, to?: TraceEvent) => {
    if (!from || !to) return null;
    let max = 0;
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      if (end > from.ts && t.ts < to.ts) max = Math.max(max, t.dur ?? 0);
    }
    return Math.round(max / 10) / 100;
  };
  return {
    load: longestIn(anchor, marks.get('bench:load-end')),
    afterData: longestIn(marks.get('bench:data') ?? marks.get('seatmap:data'), marks.get('bench:load-end')),
    interaction: longestIn(marks.get('bench:interaction-start'), marks.get('bench:interaction-end')),
  };
}

interface HeapUsage {
  usedSize: number;
  /** Blink's (Oilpan) heap: the DOM. */
  embedderHeapUsedSize?: number;
  /** ArrayBuffer backing stores (typed arrays), outside the V8 heap. */
  backingStorageSize?: number;
}

interface Heap {
  /** V8 heap in use, main thread and workers. */
  jsMB: number;
  mainMB: number;
  workersMB: number | null;
  arrayBuffersMB: number;
  domMB: number;
}

/**
 * V8 heap in use after a forced GC: the page's main thread and each of its workers. Workers are reached
 * through a non-flat auto-attach on our own CDP session (Playwright keeps the flat one for itself).
 */
async function measureHeap(cdp: CDPSession): Promise<Heap> {
  await cdp.send('HeapProfiler.collectGarbage');
  const main = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
  let workers: number | null = null;
  let workerBuffers = 0;
  try {
    const sessions: string[] = [];
    const pending = new Map<number, (r: unknown) => void>();
    const onAttached = (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type === 'worker') sessions.push(e.sessionId);
    };
    const onMessage = (e: { message: string }) => {
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown };
      if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
    };
    cdp.on('Target.attachedToTarget', onAttached);
    cdp.on('Target.receivedMessageFromTarget', onMessage);
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    await new Promise((r) => setTimeout(r, 200));
    let id = 1;
    const call = (sessionId: string, method: string) =>
      Promise.race([
        new Promise<unknown>((ok) => {
          const n = id++;
          pending.set(n, ok);
          void cdp.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id: n, method }),
          });
        }),
        new Promise<null>((ok) => setTimeout(() => ok(null), 5_000)),
      ]);
    for (const s of sessions) {
      await call(s, 'HeapProfiler.collectGarbage');
      const usage = (await call(s, 'Runtime.getHeapUsage')) as HeapUsage | null;
      if (usage) {
        workers = (workers ?? 0) + usage.usedSize;
        workerBuffers += usage.backingStorageSize ?? 0;
      }
    }
    cdp.off('Target.attachedToTarget', onAttached);
    cdp.off('Target.receivedMessageFromTarget', onMessage);
  } catch {
    workers = null;
  }
  const mb = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  return {
    jsMB: mb(main.usedSize + (workers ?? 0)),
    mainMB: mb(main.usedSize),
    workersMB: workers === null ? null : mb(workers),
    arrayBuffersMB: mb((main.backingStorageSize ?? 0) + workerBuffers),
    domMB: mb(main.embedderHeapUsedSize ?? 0),
  };
}

const timeout = (ms: number) => new Promise<'timeout'>((ok) => setTimeout(() => ok('timeout'), ms).unref());

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([p, timeout(ms)]);
}

let browser: Browser;

async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

async function runOne(
  origin: string,
  renderer: Renderer,
  files: PlanFiles,
  limitMs: number,
): Promise<BenchRun> {
  const result = emptyRun(renderer, files);
  const notes: string[] = [];
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  let tracing = false;
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => 'seatmapBench' in window);
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    tracing = true;
    const options: RunOptions = {
      sampleKeys: files.sampleKeys,
      frames: 120,
      stepBudgetMs: renderer === 'peer' ? Math.min(6_000, limitMs / 8) : 10_000,
    };
    const t0 = performance.now();
    const run = page.evaluate(
      ([r, plan, status, status2, opts]) => window.seatmapBench.run(r, plan, status, status2, opts),
      [
        renderer,
        renderer === 'ours' ? files.columns : files.plan,
        files.status,
        files.status2,
        options,
      ] as const,
    );
    run.catch(() => undefined);
    const outcome = await withTimeout(run, limitMs);
    let metrics: Metrics | null = null;
    if (outcome === 'timeout') {
      // Stop the script that is still running, keep what the page measured so far.
      await withTimeout(cdp.send('Runtime.terminateExecution'), 5_000).catch(() => undefined);
      const partial = await withTimeout(
        page.evaluate(() => window.seatmapBenchProgress ?? null),
        10_000,
      ).catch(() => null);
      metrics = partial && partial !== 'timeout' ? partial : null;
      notes.push(
        `stopped after the ${Math.round(limitMs / 1000)} s limit during ${metrics?.detail.step ?? 'load'}; null = not reached`,
      );
    } else {
      metrics = outcome;
      if (errors.length > 0) notes.push(`page errors: ${errors.slice(0, 2).join('; ')}`);
    }
    const wallS = (performance.now() - t0) / 1000;
    if (tracing) {
      tracing = false;
      const trace = await withTimeout(browser.stopTracing(), 30_000).catch(() => 'timeout' as const);
      if (trace !== 'timeout' && metrics) {
        const t = traceLongestTasks(trace);
        if (t.load !== null && metrics.detail.windows.loadEnd > 0) metrics.longestTaskMs = t.load;
        if (t.afterData !== null && metrics.detail.windows.loadEnd > 0)
          metrics.detail.longestTaskAfterDataMs = t.afterData;
        if (t.interaction !== null && metrics.detail.windows.interactionEnd > 0) {
          metrics.longestTaskInteractionMs = t.interaction;
        }
      }
    }
    if (metrics) {
      const incomplete = outcome === 'timeout';
      result.seats = metrics.seats ?? files.seats;
      result.workerLoadMs = metrics.workerLoadMs;
      result.firstFrameMs = metrics.firstFrameMs;
      result.longestTaskMs = metrics.detail.windows.loadEnd > 0 ? metrics.longestTaskMs : null;
      result.longestTaskInteractionMs =
        metrics.detail.windows.interactionEnd > 0 ? metrics.longestTaskInteractionMs : null;
      result.hitTestMs = metrics.hitTestMs;
      result.statusUpdateMs = metrics.statusUpdateMs;
      result.statusApplyMs = metrics.statusApplyMs;
      result.frameP50Ms = metrics.frameP50Ms;
      result.frameP95Ms = metrics.frameP95Ms;
      result.panP95Ms = metrics.panP95Ms;
      result.zoomP95Ms = metrics.zoomP95Ms;
      notes.push(...metrics.notes);
      result.detail = { ...metrics.detail, wallS: Math.round(wallS * 10) / 10 };
      if (!incomplete) {
        const heap = await withTimeout(measureHeap(cdp), 30_000).catch(() => 'timeout' as const);
        if (heap !== 'timeout') {
          result.heapMB = heap.jsMB;
          result.detail.heapMainMB = heap.mainMB;
          result.detail.heapWorkersMB = heap.workersMB;
          result.detail.arrayBuffersMB = heap.arrayBuffersMB;
          result.detail.domMB = heap.domMB;
        } else {
          result.heapMB = metrics.heapMB;
          notes.push('heap: CDP timed out, performance.memory (main thread, no GC) instead');
        }
        if (metrics.detail.hitAccuracy !== null && metrics.detail.hitAccuracy < 0.95) {
          notes.push(
            `hit tests found the aimed seat ${Math.round(metrics.detail.hitAccuracy * 100)} % of the time`,
          );
        }
      }
    } else {
      notes.push('no metrics came back');
    }
  } catch (e) {
    notes.push(`failed: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    if (tracing) await withTimeout(browser.stopTracing(), 10_000).catch(() => undefined);
    const closed = await withTimeout(context.close(), 15_000).catch(() => 'timeout' as const);
    if (closed === 'timeout') {
      // A renderer that does not let go: start over with a fresh browser.
      await withTimeout(browser.close(), 10_000).catch(() => undefined);
      browser = await launch();
    }
  }
  if (notes.length > 0) result.note = notes.join('; ');
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, Chromium ${browser.version()} (headless, SwiftShader WebGL), viewport ${VIEWPORT.width}×${VIEWPORT.height}`;
}

function table(runs: readonly BenchRun[]) {
  return runs.map((r) => ({
    renderer: r.renderer,
    plan: r.plan,
    seats: r.seats,
    'load+index': r.workerLoadMs,
    firstFrame: r.firstFrameMs,
    longTask: r.longestTaskMs,
    longTaskIx: r.longestTaskInteractionMs,
    hitTest: r.hitTestMs,
    status: r.statusUpdateMs,
    statusMain: r.statusApplyMs,
    p50: r.frameP50Ms,
    p95: r.frameP95Ms,
    panP95: r.panP95Ms,
    zoomP95: r.zoomP95Ms,
    heapMB: r.heapMB,
    planBrKB: r.planKB?.brotli ?? null,
    note: r.note ? (r.note.length > 60 ? `${r.note.slice(0, 57)}...` : r.note) : '',
  }));
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatmap-bench-'));
  const resultsDir = resolve(here, '..', 'results');
  const outFile = join(resultsDir, 'seatmap.json');
  mkdirSync(resultsDir, { recursive: true });
  let server: Server | null = null;
  try {
    const t0 = performance.now();
    const files = generate(dataDir);
    console.log(`plans: ${files.length} generated in ${Math.round(performance.now() - t0)} ms`);
    const t1 = performance.now();
    await build({ configFile: join(here, 'vite.config.ts'), logLevel: 'warn' });
    console.log(`page: built in ${Math.round(performance.now() - t1)} ms`);
    const served = await serve(join(here, 'dist'), dataDir);
    server = served.server;
    browser = await launch();
    const date = new Date().toISOString();
    const runs: BenchRun[] = [];
    const save = () => {
      const order = (r: BenchRun) =>
        sizes.indexOf(files.find((f) => f.shape === r.plan && f.seats === r.seats)?.size ?? 0);
      const sorted = [...runs].sort(
        (a, b) =>
          shapes.indexOf(a.plan) - shapes.indexOf(b.plan) ||
          order(a) - order(b) ||
          renderers.indexOf(a.renderer) - renderers.indexOf(b.renderer),
      );
      writeFileSync(outFile, `${JSON.stringify({ date, machine: machine(), runs: sorted }, null, 2)}\n`);
      return sorted;
    };

    // Ours first (it must be measured whatever the peer does), then the peer from small to large.
    const peerGaveUp = new Map<Shape, string>();
    for (const renderer of renderers) {
      for (const f of files) {
        const label = `${renderer} ${f.shape} ${f.seats}`;
        let run: BenchRun;
        const skip = renderer === 'peer' ? peerGaveUp.get(f.shape) : undefined;
        const limitMs = renderer === 'peer' ? peerLimitMs : oursLimitMs;
        // The JSON form is measured beside the columns where it counts: the largest plans.
        if (renderer === 'ours-json' && f.size < 95_000) continue;
        if (skip) {
          run = skippedRun(renderer, f, skip);
        } else if (elapsedS() + limitMs / 1000 > budgetS && renderer === 'peer') {
          run = skippedRun(renderer, f, `skipped: the bench's ${budgetS} s budget would be exceeded`);
        } else {
          run = await runOne(served.origin, renderer, f, limitMs);
          if (renderer === 'peer' && run.note?.includes('limit')) {
            peerGaveUp.set(
              f.shape,
              `skipped: the peer passed the ${peerLimitMs / 1000} s limit at ${f.seats} seats`,
            );
          }
        }
        runs.push(run);
        save();
        console.log(
          `${label.padEnd(24)} first frame ${String(run.firstFrameMs ?? '-').padStart(9)} ms   p95 ${String(run.frameP95Ms ?? '-').padStart(7)} ms   (${Math.round(elapsedS())} s)${run.note ? `  ${run.note}` : ''}`,
        );
      }
    }
    const sorted = save();
    console.table(table(sorted));
    for (const line of targetLines(sorted, shapes)) console.log(line);
    console.log(`written ${join('bench', 'results', 'seatmap.json')} in ${Math.round(elapsedS())} s`);
  } finally {
    await browser?.close().catch(() => undefined);
    server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A run with nothing measured yet: null where a step is not reached. */
function emptyRun(renderer: Renderer, f: PlanFiles): BenchRun {
  return {
    renderer,
    plan: f.shape,
    seats: f.seats,
    workerLoadMs: null,
    firstFrameMs: null,
    longestTaskMs: null,
    longestTaskInteractionMs: null,
    hitTestMs: null,
    statusUpdateMs: null,
    statusApplyMs: null,
    frameP50Ms: null,
    frameP95Ms: null,
    panP95Ms: null,
    zoomP95Ms: null,
    heapMB: null,
    planKB: f.planKB,
    columnsKB: f.columnsKB,
  };
}

function skippedRun(renderer: Renderer, f: PlanFiles, note: string): BenchRun {
  return { ...emptyRun(renderer, f), note };
}

await main();
