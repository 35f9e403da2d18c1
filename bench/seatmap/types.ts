/** The seat-map benchmark's shapes: what a page run measures (main.ts) and what drives each renderer. */
/** `ours` reads the plan in columns (what the shop sends it), `ours-json` the same plan's JSON. */
export type Renderer = 'ours' | 'ours-json' | 'peer';

export interface LoadInfo {
  /** performance.now() when the data was in hand; the driver also sets a `bench:data` mark then. */
  dataAt: number;
  /** Time spent converting our plan into the renderer's own format: not the renderer's, left out. */
  adapterMs: number | null;
  seats: number;
  workerLoadMs: number | null;
  /** The renderer's own figure for data → first frame, where it has one. */
  reportedFirstFrameMs: number | null;
  /** Of load+index, reading the plan's bytes into the renderer's model (ours: in its worker). */
  parseMs?: number | null;
  /**
   * When the renderer says its first frame was drawn (ours: the far level from the plan's summary, or its
   * tiles); the load's end (the next painted frame after the renderer is done) where it says nothing.
   */
  firstFrameAt?: number | null;
  /** From asking for the plan and status map to their bytes in hand (ours: its worker fetches them). */
  fetchMs?: number | null;
}

export interface Driver {
  load(planUrl: string, statusUrl: string): Promise<LoadInfo>;
  /** Screen positions (CSS px) of the seats' centres, null when unknown. Not timed. */
  seatCentres(keys: readonly string[]): Array<{ x: number; y: number } | null>;
  /** Before and after the hit tests (not timed). */
  beginHitTests(): void;
  endHitTests(): void;
  hitTest(x: number, y: number): unknown;
  isHit(result: unknown, key: string): boolean;
  /** Gets the second status map ready where the renderer needs it in hand (not timed). */
  prepareStatus(url: string): Promise<void>;
  applyStatus(
    url: string,
  ): Promise<{ changed: number | null; reportedMs: number | null; mainThreadMs: number | null }>;
  gestureStart(kind: 'pan' | 'zoom'): void;
  pan(dx: number, dy: number): void;
  zoom(factor: number, at: { x: number; y: number }): void;
  gestureEnd(): void;
  /**
   * The times (performance.now() of this page) at which the renderer presented frames since the last
   * call, where it draws off this thread (ours: the render worker); null where this thread's
   * requestAnimationFrame is the renderer's own frame clock (the peer).
   */
  takePresentedFrames(): number[] | null;
  /** The tiles' bitmaps and GPU textures (ours), which the heap figure leaves out. */
  memory?(): Promise<{ tiles: number; tileBitmapMB: number; gpuTextureMB: number }>;
  destroy(): void;
}

export interface Metrics {
  renderer: Renderer;
  seats: number | null;
  workerLoadMs: number | null;
  firstFrameMs: number | null;
  longestTaskMs: number | null;
  longestTaskInteractionMs: number | null;
  hitTestMs: number | null;
  statusUpdateMs: number | null;
  /** Of the status update, the time on the page's main thread (ours: the rest is the workers'). */
  statusApplyMs: number | null;
  frameP50Ms: number | null;
  frameP95Ms: number | null;
  panP50Ms: number | null;
  panP95Ms: number | null;
  zoomP50Ms: number | null;
  zoomP95Ms: number | null;
  heapMB: number | null;
  detail: {
    step: string;
    /** Renderer creation → first painted frame. */
    loadWallMs: number | null;
    /** Reading the plan (ours: bytes → typed arrays in the worker), null where not reported. */
    parseMs: number | null;
    /** Data in hand → the load's end: every visible tile painted (ours), as firstFrameMs for the peer. */
    tilesMs: number | null;
    /** Asking for the plan → its bytes in hand (ours), null where not reported. */
    fetchMs: number | null;
    tileMemory: { tiles: number; tileBitmapMB: number; gpuTextureMB: number } | null;
    /** Where frame times come from: 'presented' (the renderer's own frames) or 'raf' (this thread's). */
    frameClock: 'presented' | 'raf' | null;
    /** Longest task from the data in hand to the first painted frame (load minus renderer start-up). */
    longestTaskAfterDataMs: number | null;
    reportedFirstFrameMs: number | null;
    adapterMs: number | null;
    hitTests: number;
    hitTargets: number;
    hitAccuracy: number | null;
    statusChanged: number | null;
    statusReportedMs: number | null;
    statusPaintMs: number | null;
    frames: number;
    frameMaxMs: number | null;
    longtasksLoad: number;
    longtasksInteraction: number;
    windows: { loadStart: number; loadEnd: number; interactionStart: number; interactionEnd: number };
  };
  notes: string[];
}

export interface RunOptions {
  /** Seat keys to aim hit tests at. */
  sampleKeys?: string[];
  frames?: number;
  /** Wall-clock budget for the hit tests and for the pan/zoom frames, each. */
  stepBudgetMs?: number;
}

declare global {
  interface Window {
    seatmapBench: {
      run(
        renderer: Renderer,
        planUrl: string,
        statusUrl: string,
        status2Url: string,
        options?: RunOptions,
      ): Promise<Metrics>;
    };
    seatmapBenchProgress?: Metrics;
    /** The driver of the last run, for poking at a renderer by hand. */
    seatmapBenchDriver?: Driver;
  }
  interface Performance {
    /** Chromium only; precise with --enable-precise-memory-info. */
    memory?: { usedJSHeapSize: number };
  }
}
