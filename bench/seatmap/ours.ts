/**
 * Drives our seat map (src/seatmap: a worker parses and indexes the plan, PixiJS draws it) through its
 * public API only: createSeatMap → load({ planUrl, statusUrl }) → hitTest / seatScreenPosition →
 * applyStatus({ url }) → panBy / zoomBy, and the frames its render worker reports (renderer.onFrame).
 */
import { createSeatMap } from '../../src/seatmap/index.ts';
import { DEFAULT_COLORS } from '../../src/seatmap/palette.ts';
import type { Driver, LoadInfo } from './types.ts';

type SeatMap = Awaited<ReturnType<typeof createSeatMap>>;

const COLORS = DEFAULT_COLORS;

export function oursDriver(container: HTMLElement): Driver {
  let map: SeatMap | null = null;
  const need = (): SeatMap => {
    if (!map) throw new Error('the seat map is not loaded');
    return map;
  };
  /** Seat index of each sample key, to check what a hit test found. */
  const aimed = new Map<string, number>();
  /** Frames the render worker presented (this page's performance.now() time). */
  let presented: number[] = [];

  return {
    async load(planUrl, statusUrl): Promise<LoadInfo> {
      map = await createSeatMap(container, { colors: COLORS });
      map.renderer.onFrame = (f) => {
        presented.push(f.at - performance.timeOrigin);
      };
      const report = await map.load({ planUrl, statusUrl });
      if (!report.ok)
        throw new Error(`our map did not load the plan: ${JSON.stringify(report.issues.slice(0, 3))}`);
      // Our map marks `seatmap:data` when the plan's bytes are in hand (the runner's trace reads it too).
      const dataMark = performance.getEntriesByName('seatmap:data').at(-1);
      const dataAt = dataMark ? dataMark.startTime : performance.now() - report.timings.firstFrameMs;
      return {
        dataAt,
        adapterMs: null,
        seats: report.seats,
        workerLoadMs: report.timings.workerLoadMs,
        reportedFirstFrameMs: report.timings.firstFrameMs,
        parseMs: report.timings.parseMs,
        fetchMs: report.timings.fetchMs,
        firstFrameAt: performance.getEntriesByName('seatmap:first-frame').at(-1)?.startTime ?? null,
      };
    },
    seatCentres(keys) {
      const m = need();
      return keys.map((key) => {
        const p = m.seatScreenPosition(key);
        aimed.set(key, m.indexOfKey(key));
        return p;
      });
    },
    beginHitTests() {},
    endHitTests() {},
    hitTest: (x, y) => need().hitTest(x, y),
    isHit(result, key) {
      const index = aimed.get(key);
      return index !== undefined && index >= 0 && (result as { index?: number } | null)?.index === index;
    },
    async prepareStatus() {
      // Our map fetches and parses the status map in its worker: that is part of the timed update.
    },
    async applyStatus(url) {
      const r = await need().applyStatus({ url });
      return { changed: r.changed, reportedMs: r.ms, mainThreadMs: r.applyMs };
    },
    gestureStart() {},
    pan: (dx, dy) => need().panBy(dx, dy),
    zoom: (factor, at) => need().zoomBy(factor, at),
    gestureEnd() {},
    takePresentedFrames() {
      const out = presented;
      presented = [];
      // Drawn on this thread (no render worker here): its rAF gaps are the frames.
      return map?.renderer.inWorker ? out : null;
    },
    memory: () => need().renderer.memory(),
    destroy() {
      map?.destroy();
      map = null;
    },
  };
}
