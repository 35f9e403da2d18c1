import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { round2 } from './common.ts';
import { type RouteName, startShop } from './bundle.ts';
import { machine } from './server.ts';

/**
 * What holds a phone's main thread while the shop starts (issue 39: find the long tasks with a trace
 * before changing anything). Each of the three phone routes (`bundle.ts`) loads in a fresh headless
 * Chromium at 4× CPU slowdown (Lighthouse's mobile factor) with Chromium's own trace on; every task of
 * the page's main thread longer than 50 ms until the page is quiet is listed with what it spent its time
 * on: script evaluation and compilation (by script), React's own work (function calls by script), style,
 * layout, paint and HTML parsing. Total blocking time is the sum over tasks of what exceeds 50 ms.
 * BENCH_LONGTASK_RUNS runs per route (default 3), the median run by total blocking time kept.
 * `longTasks.json`. Alone: `node bench/longTasks.ts`.
 */

const CPU_SLOWDOWN = 4;
const LONG_MS = 50;
/** Chromium's trace categories that name a task's parts (DevTools' performance panel's own). */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string }; fileName?: string };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** Where the time went: "script: <file>", "compile: <file>", "style", "layout", "paint", "parse HTML". */
  parts: { what: string; ms: number }[];
}
export interface LongTaskRun {
  tbtMs: number;
  longTasks: LongTask[];
}

const fileOf = (url: string | undefined) => (url ? new URL(url, 'http://x').pathname : 'inline');

/** The part of a task a trace event stands for, when it is one worth naming. */
function partOf(e: TraceEvent): string | null {
  switch (e.name) {
    case 'EvaluateScript':
      return `evaluate: ${fileOf(e.args?.data?.url ?? e.args?.fileName)}`;
    case 'v8.evaluateModule':
      // A module graph's top level, all its modules at once (the trace names none of them).
      return 'evaluate: module graph';
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile: ${fileOf(e.args?.data?.url ?? e.args?.fileName)}`;
    case 'FunctionCall':
      return `run: ${fileOf(e.args?.data?.url)}`;
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return 'paint';
    case 'ParseHTML':
    case 'HTMLDocumentParser::appendBytes':
    case 'HTMLDocumentParser::PumpTokenizer':
      return 'parse HTML';
    case 'SVGImage::DataChanged':
      // An SVG <img> is a document of its own, parsed and laid out on the page's main thread.
      return 'SVG image';
    case 'Decode Image':
    case 'ImageDecodeTask':
      return 'image decode';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    default:
      return null;
  }
}

/** The long tasks of the renderer's main thread in a trace, each broken into its outermost named parts. */
export function longTasksOf(events: TraceEvent[], origin: number): LongTaskRun {
  // The page's renderer is the busiest one (a blank page's renderer comes first and does nothing).
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.dur)
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) return { tbtMs: 0, longTasks: [] };
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.dur! / 1000 > LONG_MS);
  const longTasks = tasks.map((task) => {
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    let coveredUntil = task.ts;
    for (const e of own) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue;
      const what = partOf(e);
      // Only outermost parts count: a layout inside a script's run is the script's.
      if (!what || e.ts < coveredUntil) continue;
      parts.set(what, (parts.get(what) ?? 0) + e.dur! / 1000);
      coveredUntil = e.ts + e.dur!;
    }
    const named = [...parts.values()].reduce((a, b) => a + b, 0);
    parts.set('other', task.dur! / 1000 - named);
    return {
      startMs: round2((task.ts - origin) / 1000),
      durationMs: round2(task.dur! / 1000),
      parts: [...parts]
        .map(([what, ms]) => ({ what, ms: round2(ms) }))
        .filter((p) => p.ms >= 1)
        .sort((a, b) => b.ms - a.ms),
    };
  });
  return {
    tbtMs: round2(longTasks.reduce((sum, t) => sum + t.durationMs - LONG_MS, 0)),
    longTasks,
  };
}

export async function benchLongTasks(): Promise<void> {
  const runs = Number(process.env.BENCH_LONGTASK_RUNS ?? 3);
  const shop = await startShop('longtasks');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  const pages: { route: RouteName; path: string; median: LongTaskRun; tbtMs: number[] }[] = [];
  try {
    for (const [route, path] of Object.entries(shop.routes) as [RouteName, string][]) {
      const all: LongTaskRun[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await browser.startTracing(page, { categories: CATEGORIES });
        await page.goto(`${shop.base}${path}`, { waitUntil: 'load' });
        // Quiet: no long task for a second after the network settles.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_500);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        const events = trace.traceEvents;
        // Time 0: the page's request leaving the browser.
        const request = events.find(
          (e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === `${shop.base}${path}`,
        );
        const run = longTasksOf(events, (request ?? events[0]!).ts);
        all.push(run);
        console.log(
          `longtasks: ${route} run ${i + 1}/${runs}: TBT ${run.tbtMs} ms, ${run.longTasks.length} long tasks`,
        );
        await context.close();
      }
      const sorted = [...all].sort((a, b) => a.tbtMs - b.tbtMs);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      pages.push({ route, path, median, tbtMs: all.map((r) => r.tbtMs) });
      for (const t of median.longTasks)
        console.log(
          `  ${route} @${t.startMs} ms: ${t.durationMs} ms = ` +
            t.parts.map((p) => `${p.what} ${p.ms}`).join(', '),
        );
    }
  } finally {
    await browser.close();
    await shop.close();
  }
  const out = join(import.meta.dirname, 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'longTasks.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), cpuSlowdown: CPU_SLOWDOWN, pages }, null, 2)}\n`,
  );
  console.log('written bench/results/longTasks.json');
}

if (import.meta.main) await benchLongTasks();
