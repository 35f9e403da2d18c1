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
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { generate, serve, type PlanFiles } from './files.ts';
import { measureHeap } from './heap.ts';
import { SHAPES, SIZES, type Shape } from './plans.ts';
import type { Metrics, Renderer, RunOptions } from './types.ts';
import { targetLines } from './targets.ts';
import { traceLongestTasks } from './trace.ts';

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

/** One (renderer × plan) run as results/seatmap.json keeps it: the page's figures and the runner's. */
export interface BenchRun extends Pick<
  Metrics,
  | 'renderer'
  | 'workerLoadMs'
  | 'firstFrameMs'
  | 'longestTaskMs'
  | 'longestTaskInteractionMs'
  | 'hitTestMs'
  | 'statusUpdateMs'
  | 'statusApplyMs'
  | 'frameP50Ms'
  | 'frameP95Ms'
  | 'panP95Ms'
  | 'zoomP95Ms'
> {
  plan: Shape;
  seats: number;
  heapMB: number | null;
  /** The plan's JSON as it travels: gzip and brotli (quality 5, as the box office sends it). */
  planKB: { raw: number; gzip: number; brotli: number } | null;
  /** The same plan in columns (what the shop's map reads), as it travels. */
  columnsKB?: { raw: number; gzip: number; brotli: number } | null;
  note?: string;
  detail?: Record<string, unknown>;
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
    const files = generate(dataDir, sizes, shapes);
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
