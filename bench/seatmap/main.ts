/**
 * The seat-map benchmark page: `window.seatmapBench.run(renderer, planUrl, statusUrl, status2Url)` loads a
 * plan into one renderer (ours or the SVG peer, each in its own module so only one is loaded per page) and
 * measures it in the page:
 *
 * - load: from just before the renderer is created to the first painted frame (`afterPaint`: the end of
 *   the rendering step of the frame after the renderer has drawn); `firstFrameMs` counts from the moment
 *   the data is in hand (the plan's and status map's bytes fetched: ours marks `seatmap:data`; the peer's
 *   JSON.parse is counted, our conversion into its block format is not) to that painted frame;
 * - hit tests at the centres of sample seats, timed in chunks of ≤ 8 ms (so the bench adds no long task),
 *   with the share of hits on the aimed seat;
 * - a status update that changes 10 % of the seats: call → applied (`statusUpdateMs`), and → painted;
 * - a scripted zoom and pan of 120 frames (or as many as fit the step budget): ours through its API
 *   (zoomBy / panBy), the peer through synthetic wheel events and mouse drags on its SVG, which its d3-zoom
 *   handles; frame times are the gaps between the frames the renderer presented: ours draws in its render
 *   worker and reports each frame, the peer draws on this thread, so its gaps are those between
 *   consecutive requestAnimationFrame callbacks; figures for all frames, pure panning and pure zooming;
 * - long tasks (PerformanceObserver 'longtask', ≥ 50 ms) during load and during the interaction above; the
 *   runner refines them with a trace. User Timing marks `bench:*` delimit the windows for it.
 *
 * `window.seatmapBenchProgress` holds the metrics measured so far, so the runner can keep them when it has
 * to stop a run that takes too long.
 */

import type { Driver, Metrics, Renderer, RunOptions } from './types.ts';

const now = () => performance.now();
const round = (v: number | null, digits = 2) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** Resolves after the rendering step of the next frame has run on this thread. */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(now());
      channel.port2.postMessage(null);
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const yieldTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

const longtasks: Array<{ start: number; duration: number }> = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
} catch {
  // No Long Tasks API: the runner's trace still has the tasks.
}

function longest(from: number, to: number): { max: number; count: number } {
  let max = 0;
  let count = 0;
  for (const t of longtasks) {
    if (t.start + t.duration > from && t.start < to) {
      count++;
      max = Math.max(max, t.duration);
    }
  }
  return { max, count };
}

/** Zoom in (×1.05 a frame, ×4.3 in all), pan right/down, pan back, zoom out: 4 segments of frames/4. */
function gestureScript(frames: number) {
  const n = Math.max(1, Math.floor(frames / 4));
  return [
    { kind: 'zoom' as const, frames: n, dx: 0, dy: 0, factor: 1.05 },
    { kind: 'pan' as const, frames: n, dx: -8, dy: -4, factor: 1 },
    { kind: 'pan' as const, frames: n, dx: 8, dy: 4, factor: 1 },
    { kind: 'zoom' as const, frames: n, dx: 0, dy: 0, factor: 1 / 1.05 },
  ];
}

async function createDriver(renderer: Renderer, container: HTMLElement): Promise<Driver> {
  if (renderer !== 'peer') return (await import('./ours.ts')).oursDriver(container);
  return (await import('./peer.ts')).peerDriver(container);
}

async function run(
  renderer: Renderer,
  planUrl: string,
  statusUrl: string,
  status2Url: string,
  options: RunOptions = {},
): Promise<Metrics> {
  const { sampleKeys = [], frames = 120, stepBudgetMs = 20_000 } = options;
  const m: Metrics = {
    renderer,
    seats: null,
    workerLoadMs: null,
    firstFrameMs: null,
    longestTaskMs: null,
    longestTaskInteractionMs: null,
    hitTestMs: null,
    statusUpdateMs: null,
    statusApplyMs: null,
    frameP50Ms: null,
    frameP95Ms: null,
    panP50Ms: null,
    panP95Ms: null,
    zoomP50Ms: null,
    zoomP95Ms: null,
    heapMB: null,
    detail: {
      step: 'start',
      parseMs: null,
      fetchMs: null,
      tilesMs: null,
      tileMemory: null,
      frameClock: null,
      loadWallMs: null,
      longestTaskAfterDataMs: null,
      reportedFirstFrameMs: null,
      adapterMs: null,
      hitTests: 0,
      hitTargets: 0,
      hitAccuracy: null,
      statusChanged: null,
      statusReportedMs: null,
      statusPaintMs: null,
      frames: 0,
      frameMaxMs: null,
      longtasksLoad: 0,
      longtasksInteraction: 0,
      windows: { loadStart: 0, loadEnd: 0, interactionStart: 0, interactionEnd: 0 },
    },
    notes: [],
  };
  window.seatmapBenchProgress = m;
  const w = m.detail.windows;
  const container = document.getElementById('map');
  if (!container) throw new Error('no #map element');

  // --- load: from creating the renderer (its code already loaded) to the first painted frame ----------
  m.detail.step = 'load';
  const driver = await createDriver(renderer, container);
  window.seatmapBenchDriver = driver;
  await sleep(100);
  performance.mark('bench:load-start');
  w.loadStart = now();
  const info = await driver.load(planUrl, statusUrl);
  w.loadEnd = await afterPaint();
  performance.mark('bench:load-end');
  m.seats = info.seats;
  m.workerLoadMs = round(info.workerLoadMs);
  m.firstFrameMs = round((info.firstFrameAt ?? w.loadEnd) - info.dataAt);
  m.detail.tilesMs = round(w.loadEnd - info.dataAt);
  m.detail.reportedFirstFrameMs = round(info.reportedFirstFrameMs);
  m.detail.parseMs = round(info.parseMs ?? null);
  m.detail.fetchMs = round(info.fetchMs ?? null);
  m.detail.adapterMs = round(info.adapterMs);
  m.detail.loadWallMs = round(w.loadEnd - w.loadStart);
  const loadTasks = longest(w.loadStart, w.loadEnd);
  m.longestTaskMs = round(loadTasks.max);
  m.detail.longestTaskAfterDataMs = round(longest(info.dataAt, w.loadEnd).max);
  m.detail.longtasksLoad = loadTasks.count;

  // --- set-up, not measured ------------------------------------------------------------------------
  m.detail.step = 'setup';
  await sleep(400); // let start-up animations and idle work settle
  const centres = driver.seatCentres(sampleKeys);
  const targets: Array<{ key: string; x: number; y: number }> = [];
  centres.forEach((c, i) => {
    const key = sampleKeys[i];
    if (c && key !== undefined && c.x >= 1 && c.y >= 1 && c.x < innerWidth - 1 && c.y < innerHeight - 1) {
      targets.push({ key, x: c.x, y: c.y });
    }
  });
  m.detail.hitTargets = targets.length;
  await driver.prepareStatus(status2Url);
  await sleep(100);

  // --- interaction: hit tests, status update, pan and zoom ---------------------------------------
  performance.mark('bench:interaction-start');
  w.interactionStart = now();

  m.detail.step = 'hit-test';
  if (targets.length > 0) {
    driver.beginHitTests();
    let hits = 0;
    let aimed = 0;
    const a0 = now();
    for (const t of targets) {
      if (driver.isHit(driver.hitTest(t.x, t.y), t.key)) hits++;
      aimed++;
      if (now() - a0 > stepBudgetMs / 4) break;
    }
    m.detail.hitAccuracy = round(hits / aimed, 3);
    await yieldTask();
    let calls = 0;
    let busy = 0;
    let sink = 0;
    const start = now();
    outer: while (calls < 20_000 && busy < 300 && now() - start < stepBudgetMs / 2) {
      const c0 = now();
      for (let i = 0; i < targets.length; i++) {
        const t = targets[(calls + i) % targets.length];
        if (t && driver.hitTest(t.x, t.y)) sink++;
        if (now() - c0 > 8) {
          busy += now() - c0;
          calls += i + 1;
          await yieldTask();
          continue outer;
        }
      }
      busy += now() - c0;
      calls += targets.length;
      await yieldTask();
    }
    if (sink < 0) console.log(sink);
    m.detail.hitTests = calls;
    m.hitTestMs = round(busy / calls, 4);
    driver.endHitTests();
  } else {
    m.notes.push('no sample seat on screen: no hit tests');
  }
  await sleep(100);

  m.detail.step = 'status';
  const s0 = now();
  const upd = await driver.applyStatus(status2Url);
  const s1 = now();
  const painted = await afterPaint();
  m.statusUpdateMs = round(s1 - s0);
  m.statusApplyMs = round(upd.mainThreadMs ?? s1 - s0);
  m.detail.statusPaintMs = round(painted - s0);
  m.detail.statusChanged = upd.changed;
  m.detail.statusReportedMs = round(upd.reportedMs);
  await sleep(100);

  m.detail.step = 'pan-zoom';
  // Frame gaps per segment kind: this thread's rAF gaps, or the renderer's presented frames where it
  // draws elsewhere.
  const rafGaps: Record<'pan' | 'zoom', number[]> = { pan: [], zoom: [] };
  const presentedGaps: Record<'pan' | 'zoom', number[]> = { pan: [], zoom: [] };
  let presented = true;
  const closeSegment = (kind: 'pan' | 'zoom') => {
    const times = driver.takePresentedFrames();
    if (!times) {
      presented = false;
      return;
    }
    for (let i = 1; i < times.length; i++) presentedGaps[kind].push(times[i]! - times[i - 1]!);
  };
  const centre = { x: innerWidth / 2, y: innerHeight / 2 };
  const script = gestureScript(frames);
  await new Promise<void>((resolve) => {
    let segment = 0;
    let inSegment = 0;
    let last = -1;
    const start = now();
    const step = () => {
      const t = now();
      let seg = script[segment];
      if (last >= 0 && seg) rafGaps[seg.kind].push(t - last);
      last = t;
      if (seg && inSegment >= seg.frames) {
        driver.gestureEnd();
        closeSegment(seg.kind);
        segment++;
        inSegment = 0;
        seg = script[segment];
      }
      if (!seg || t - start > stepBudgetMs) {
        if (seg) {
          driver.gestureEnd();
          closeSegment(seg.kind);
          m.notes.push(
            `pan/zoom stopped after ${m.detail.frames} frames (${Math.round(t - start)} ms budget)`,
          );
        }
        resolve();
        return;
      }
      if (inSegment === 0) {
        driver.takePresentedFrames();
        driver.gestureStart(seg.kind);
      }
      if (seg.kind === 'pan') driver.pan(seg.dx, seg.dy);
      else driver.zoom(seg.factor, centre);
      inSegment++;
      m.detail.frames++;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const gaps = presented ? presentedGaps : rafGaps;
  m.detail.frameClock = presented ? 'presented' : 'raf';
  const sortedOf = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const pan = sortedOf(gaps.pan);
  const zoom = sortedOf(gaps.zoom);
  const sorted = sortedOf([...gaps.pan, ...gaps.zoom]);
  m.frameP50Ms = round(percentile(sorted, 50));
  m.frameP95Ms = round(percentile(sorted, 95));
  m.panP50Ms = round(percentile(pan, 50));
  m.panP95Ms = round(percentile(pan, 95));
  m.zoomP50Ms = round(percentile(zoom, 50));
  m.zoomP95Ms = round(percentile(zoom, 95));
  m.detail.frameMaxMs = round(sorted[sorted.length - 1] ?? null);
  await afterPaint();
  w.interactionEnd = now();
  performance.mark('bench:interaction-end');
  const interactionTasks = longest(w.interactionStart, w.interactionEnd);
  m.longestTaskInteractionMs = round(interactionTasks.max);
  m.detail.longtasksInteraction = interactionTasks.count;

  // --- memory (the runner replaces it with CDP's figure after a forced GC) ---------------------------
  m.detail.tileMemory = (await driver.memory?.()) ?? null;
  const heap = performance.memory?.usedJSHeapSize;
  m.heapMB = heap === undefined ? null : round(heap / 2 ** 20, 1);
  m.detail.step = 'done';
  // The map stays alive: the runner measures the heap with it.
  return m;
}

window.seatmapBench = { run };
(window as unknown as { seatmapBenchOurs: unknown }).seatmapBenchOurs = async (c: HTMLElement) =>
  (await import('./ours.ts')).oursDriver(c);
