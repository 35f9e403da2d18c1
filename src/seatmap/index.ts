import { proxy, transfer } from 'comlink';
import { type SeatKey, seatKey } from '../domain/seatKey.ts';
import type {
  LoadResult,
  LoadSource,
  PlanSummary,
  RenderData,
  SeatChanges,
  SeatDescription,
  StatusUpdate,
} from '../../workers/seatplan/engine.ts';
import { hitTestGrid, type SeatGrid } from '../../workers/seatplan/grid.ts';
import type { ParseIssue } from '../../workers/seatplan/model.ts';
import { screenToWorld } from './camera.ts';
import { EngineClient, type WorkerFactory } from './engineClient.ts';
import { attachInput, type ScreenRect } from './input.ts';
import { type ColorMode, DEFAULT_COLORS, makeStylePalette, type SeatColors } from './palette.ts';
import type { SeatMarks } from './labels.ts';
import { SeatMapRenderer } from './renderer.ts';

export type { SeatColors, ColorMode } from './palette.ts';
export type { ScreenRect } from './input.ts';
export type { SeatMarks } from './labels.ts';
export type { SeatChanges, SeatDescription } from '../../workers/seatplan/engine.ts';

export interface SeatMapOptions {
  colors?: SeatColors;
  colorMode?: ColorMode;
  maxSeats?: number;
  seatingPolicyId?: number;
  /** A tap or click on the map: the seat index under it, or -1, and whether Shift was held. */
  onTap?: (index: number, mods: { shift: boolean }) => void;
  /**
   * Selecting by a drag (the back office's plan editor; the shop leaves it out): when `starts` answers
   * true for the pointer going down, a one-finger drag draws a rectangle instead of panning. `onBand`
   * hears the rectangle while it is dragged (CSS px of the canvas; null when it ends), `onSeats` the
   * seats whose centres lie inside it at the end, and whether Shift was held when it began.
   */
  dragSelect?: {
    starts(e: PointerEvent): boolean;
    onBand(rect: ScreenRect | null): void;
    onSeats(indices: number[], mods: { shift: boolean }): void;
  };
  /** The seat under the mouse (-1 when none) and its screen position. */
  onHover?: (index: number, at: { x: number; y: number } | null) => void;
  /** After every presented frame (the camera may have moved). */
  onFrame?: () => void;
  workerFactory?: WorkerFactory;
}

/** Request headers for the map's own fetches: the visitor's `uuid` (spec section 7), when there is one. */
export type FetchHeaders = Record<string, string>;

export type MapSource =
  | { planUrl: string; statusUrl?: string; headers?: FetchHeaders }
  | { planBytes: ArrayBuffer; statusBytes?: ArrayBuffer | undefined }
  /** Files (the staff preview's): the worker reads them; the page neither reads nor copies them. */
  | { planFile: Blob; statusFile?: Blob | undefined }
  | { plan: unknown; status?: Record<string, string> | undefined };

export interface LoadReport {
  ok: boolean;
  issues: ParseIssue[];
  seats: number;
  sections: number;
  available: number;
  takenRatio: number;
  unknownKeys: number;
  /** The status stream's version the loaded status map is current to (`x-status-version`), when known. */
  statusVersion?: string;
  timings: {
    workerLoadMs: number;
    firstFrameMs: number;
    /** Data in hand → the first frame in which the view is drawn from the plan's tiles. */
    tilesMs: number;
    /** The worker's: asking for the plan and status → their bytes in hand (0 when handed bytes). */
    fetchMs: number;
    parseMs: number;
    indexMs: number;
    statusMs: number;
  };
}

/** A status update as the map reports it: how many seats changed, the new figures. */
export interface StatusReport {
  changed: number;
  takenRatio: number;
  available: number;
  /** The version of a fetched status map (`x-status-version`), when its answer said. */
  statusVersion?: string;
  ms: number;
  /** Of `ms`, the time this (the page's main) thread spent applying it; the rest was the workers'. */
  applyMs: number;
}

export interface SeatMapHandle {
  readonly engine: EngineClient;
  readonly renderer: SeatMapRenderer;
  /** The drawn plan and the seat states as this thread knows them. */
  data(): RenderData | null;
  state(): Uint8Array;
  /** Loads a plan (and status); rules options default to the map's own. */
  /** `rules.locale`: the shop's language, in which sections with names per locale are called. */
  load(
    source: MapSource,
    rules?: { maxSeats?: number; seatingPolicyId?: number; locale?: string },
  ): Promise<LoadReport>;
  /** A URL is fetched by the worker with the load's headers, unless `headers` are given. */
  applyStatus(
    source: { url: string; headers?: FetchHeaders } | { status: Record<string, string> },
  ): Promise<StatusReport>;
  /** Seats that changed since the last status (the status stream's `changes` event). */
  applyChanges(changes: SeatChanges): Promise<StatusReport>;
  /** Seat under a point of the canvas (CSS pixels), synchronously, or null. */
  hitTest(x: number, y: number): { index: number } | null;
  seatScreenPosition(keyOrIndex: string | number): { x: number; y: number } | null;
  indexOfKey(key: string): number;
  keyOf(index: number): SeatKey;
  /** The seats whose centres lie in a rectangle of the canvas (CSS px). */
  seatsInRect(rect: ScreenRect): Promise<number[]>;
  describe(index: number): Promise<SeatDescription | null>;
  /** Shows seats as selected (held by this customer) or not, in the worker and on screen. */
  setSelected(indices: number[], selected: boolean): Promise<void>;
  markTaken(indices: number[]): Promise<void>;
  zoomBy(factor: number, at?: { x: number; y: number }): void;
  panBy(dx: number, dy: number): void;
  fitToScreen(): void;
  reveal(index: number): void;
  setFocus(index: number): void;
  /** Rings seats on the map: those the shop just chose, those the selection would leave alone. */
  setMarks(marks: SeatMarks): void;
  /** Draws a frame now; resolves when it is drawn. */
  renderNow(): Promise<unknown>;
  resize(width: number, height: number): void;
  destroy(): void;
}

/**
 * Creates a seat map in `container`: the seat-plan worker parses and indexes the plan, the render worker
 * draws it with PixiJS (src/seatmap/scene.ts), and this thread keeps the camera and answers hit tests from
 * the worker-built grid. React owns only the container.
 */
export async function createSeatMap(
  container: HTMLElement,
  options: SeatMapOptions = {},
): Promise<SeatMapHandle> {
  // A plain copy: callers may hand a store snapshot (a proxy), which cannot cross to the worker.
  const colors: SeatColors = { ...(options.colors ?? DEFAULT_COLORS) };
  const engine = new EngineClient(options.workerFactory);
  const renderer = await SeatMapRenderer.create(container, colors);
  let data: RenderData | null = null;
  let grid: SeatGrid | null = null;
  let keyIndex: Map<string, number> | null = null;
  /** Loads started: a summary of an older one is not drawn. */
  let loads = 0;

  const paletteFor = (d: RenderData) =>
    makeStylePalette(colors, new Map(d.levels), options.colorMode ?? 'ticketGroup');

  const adopt = (r: LoadResult) => {
    data = r.render;
    grid = r.grid;
    keyIndex = null;
    if (data) renderer.setPlan(data, r.state, paletteFor(data), r.scene ?? undefined);
  };
  engine.onRestart = (r) => {
    // A new worker reloaded the plan: keep the camera, take its state.
    const cam = renderer.camera;
    adopt(r);
    renderer.setCamera(cam);
  };
  if (options.onFrame) renderer.onFrame = () => options.onFrame?.();

  const hitTest = (x: number, y: number) => {
    if (!data || !grid) return null;
    const w = screenToWorld(renderer.camera, x, y);
    // Generous on small screens: at least 8 px or the seat's own radius.
    const reach = Math.max(data.seatRadius * 1.15, 8 / renderer.camera.scale);
    const i = hitTestGrid(grid, data.x, data.y, w.x, w.y, reach);
    return i >= 0 ? { index: i } : null;
  };

  const keyOf = (i: number) => {
    const d = data!;
    return seatKey(d.sections[d.section[i]!]!.id, d.px[i]!, d.py[i]!);
  };
  const indexOfKey = (key: string) => {
    if (!data) return -1;
    if (!keyIndex) {
      keyIndex = new Map();
      for (let i = 0; i < data.count; i++) keyIndex.set(keyOf(i), i);
    }
    return keyIndex.get(key) ?? -1;
  };

  /** The seats whose centres lie in a rectangle of the canvas (CSS px), through the worker's index. */
  const seatsInRect = async (r: ScreenRect): Promise<number[]> => {
    if (!data) return [];
    const a = screenToWorld(renderer.camera, Math.min(r.x0, r.x1), Math.min(r.y0, r.y1));
    const b = screenToWorld(renderer.camera, Math.max(r.x0, r.x1), Math.max(r.y0, r.y1));
    return engine.call('seatsInRect', a.x, a.y, b.x, b.y);
  };
  const dragSelectOf = (d: NonNullable<SeatMapOptions['dragSelect']>) => ({
    starts: (e: PointerEvent) => d.starts(e),
    onRect(rect: ScreenRect | null, done: boolean, mods: { shift: boolean }) {
      d.onBand(done ? null : rect);
      if (done && rect) void seatsInRect(rect).then((indices) => d.onSeats(indices, mods));
    },
  });

  const detach = attachInput(renderer.canvas, renderer, {
    onTap: (x, y, mods) => options.onTap?.(hitTest(x, y)?.index ?? -1, mods),
    ...(options.dragSelect ? { dragSelect: dragSelectOf(options.dragSelect) } : {}),
    onHover: (x, y) => {
      const hit = hitTest(x, y);
      renderer.setHover(hit?.index ?? -1);
      options.onHover?.(hit?.index ?? -1, hit ? renderer.seatScreenPosition(hit.index) : null);
    },
    onLeave: () => {
      renderer.setHover(-1);
      options.onHover?.(-1, null);
    },
  });

  const applyChanges = (changed: ArrayLike<number>, states: ArrayLike<number>) =>
    renderer.updateStates(changed, states);
  const reportOf = (r: StatusUpdate, t0: number): StatusReport => {
    const a0 = performance.now();
    applyChanges(r.changed, r.states);
    const applyMs = performance.now() - a0;
    return {
      applyMs,
      changed: r.changed.length,
      takenRatio: r.takenRatio,
      available: r.available,
      ...(r.statusVersion ? { statusVersion: r.statusVersion } : {}),
      ms: performance.now() - t0,
    };
  };

  return {
    engine,
    renderer,
    data: () => data,
    state: () => renderer.seatState,
    async load(source, rules) {
      const engineOptions = {
        maxSeats: rules?.maxSeats ?? options.maxSeats ?? 10,
        seatingPolicyId: rules?.seatingPolicyId ?? options.seatingPolicyId ?? 1,
        colors,
        colorMode: options.colorMode ?? 'ticketGroup',
        ...(rules?.locale ? { locale: rules.locale } : {}),
      };
      // The far level from the plan's summary, drawn while the worker indexes the seats: the first frame.
      const load = ++loads;
      let firstFrame: Promise<number> | null = null;
      let adopted = false;
      const onSummary = proxy((summary: PlanSummary) => {
        // Told on a port of its own, it may come after the plan itself: then it has nothing to add.
        if (load !== loads || firstFrame || adopted) return;
        const palette = makeStylePalette(colors, new Map(summary.levels), options.colorMode ?? 'ticketGroup');
        renderer.showSummary(summary, palette);
        firstFrame = renderer.whenPainted().then(() => mark('seatmap:first-frame'));
        // The worker goes on once it is drawn.
        return firstFrame.then(() => undefined);
      });
      const input = workerInput(source);
      const calledAt = performance.now();
      const result = await engine.call('load', input.source, engineOptions, onSummary);
      // Read or fetched there: when the bytes were in hand there, on this thread's clock.
      const dataAt = input.readThere ? result.timings.dataAt - performance.timeOrigin : calledAt;
      performance.mark('seatmap:data', { startTime: Math.max(0, dataAt) });
      const indexAt = mark('seatmap:index-ready');
      adopted = true;
      adopt(result);
      let firstFrameAt = indexAt;
      let detailAt = indexAt;
      if (data) {
        // The first frame that shows the whole visible plan from its tiles (coarser first; full detail
        // follows); the summary's, where it came first, was the plan's first frame.
        await renderer.whenPainted();
        detailAt = mark('seatmap:tiles');
        firstFrameAt = firstFrame ? await firstFrame : mark('seatmap:first-frame');
      }
      return {
        ok: result.ok,
        issues: result.issues,
        seats: result.render?.count ?? 0,
        sections: result.render?.sections.length ?? 0,
        available: result.available,
        takenRatio: result.takenRatio,
        unknownKeys: result.unknownKeys,
        ...(result.statusVersion ? { statusVersion: result.statusVersion } : {}),
        timings: {
          workerLoadMs: indexAt - dataAt,
          firstFrameMs: firstFrameAt - dataAt,
          tilesMs: detailAt - dataAt,
          fetchMs: result.timings.fetchMs,
          parseMs: result.timings.parseMs,
          indexMs: result.timings.indexMs,
          statusMs: result.timings.statusMs,
        },
      };
    },
    async applyStatus(source) {
      const t0 = performance.now();
      const r = await engine.call(
        'applyStatus',
        'url' in source
          ? {
              url: new URL(source.url, location.href).href,
              ...(source.headers ? { headers: { ...source.headers } } : {}),
            }
          : source,
      );
      return reportOf(r, t0);
    },
    async applyChanges(changes) {
      const t0 = performance.now();
      // A plain copy: a parsed event is plain already, but a caller's proxy could not cross to the worker.
      const r = await engine.call('applyChanges', { free: { ...changes.free }, taken: [...changes.taken] });
      return reportOf(r, t0);
    },
    hitTest,
    seatScreenPosition: (k) => renderer.seatScreenPosition(typeof k === 'number' ? k : indexOfKey(k)),
    indexOfKey,
    keyOf,
    seatsInRect,
    describe: (i) => engine.call('describe', i),
    async setSelected(indices, selected) {
      const changed = await engine.call('applySelection', indices, selected);
      applyChanges(
        changed,
        changed.map(() => (selected ? 2 : 1)),
      );
    },
    async markTaken(indices) {
      const changed = await engine.call('markTaken', indices);
      applyChanges(
        changed,
        changed.map(() => 0),
      );
    },
    zoomBy: (f, at) => renderer.zoomBy(f, at),
    panBy: (dx, dy) => renderer.panBy(dx, dy),
    fitToScreen: () => renderer.fit(),
    reveal: (i) => renderer.reveal(i),
    setFocus: (i) => renderer.setFocus(i),
    setMarks: (marks) => renderer.setMarks(marks),
    renderNow: () => renderer.renderNow(),
    resize: (w, h) => renderer.resize(w, h),
    destroy() {
      detach();
      engine.terminate();
      renderer.destroy();
    },
  };
}

/**
 * What the worker is given to load: URLs it fetches and files it reads itself (a big answer's body is
 * read there, not on this thread, and never copied from here to there), bytes moved to it, or a plan.
 */
function workerInput(source: MapSource): { source: LoadSource; readThere: boolean } {
  if ('planUrl' in source) {
    const url = (u: string) => new URL(u, location.href).href;
    return {
      source: {
        planUrl: url(source.planUrl),
        ...(source.statusUrl ? { statusUrl: url(source.statusUrl) } : {}),
        // The worker's own fetches (the load, a restart, the status polls) send them.
        ...(source.headers ? { headers: { ...source.headers } } : {}),
      },
      readThere: true,
    };
  }
  if ('planFile' in source) {
    const status = source.statusFile ? { statusBlob: source.statusFile } : {};
    return { source: { planBlob: source.planFile, ...status }, readThere: true };
  }
  if ('planBytes' in source) {
    // Copies move to the worker, so the caller can load the same bytes again (another policy, say).
    const planBytes = source.planBytes.slice(0);
    const statusBytes = source.statusBytes?.slice(0);
    const moved = { planBytes, ...(statusBytes ? { statusBytes } : {}) };
    return {
      source: transfer(moved, statusBytes ? [planBytes, statusBytes] : [planBytes]),
      readThere: false,
    };
  }
  return {
    source: { plan: source.plan, ...(source.status ? { status: source.status } : {}) },
    readThere: false,
  };
}

function mark(name: string): number {
  performance.mark(name);
  return performance.now();
}
