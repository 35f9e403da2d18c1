import { proxy, transfer, wrap } from 'comlink';
import i18next from 'i18next';
import type { PlanSummary, RenderData } from '../../workers/seatplan/engine.ts';
import { renderBuffers } from '../../workers/seatplan/model.ts';
import { type Camera, clampCamera, fitCamera, panBy, type Rect, worldToScreen, zoomAt } from './camera.ts';
import { ROW_LABELS_FROM_PX } from './camera.ts';
import type { MapLabels, SeatMarks } from './labels.ts';
import type { SeatColors, StylePalette } from './palette.ts';
import type { SceneHost } from './renderWorker.ts';
import type { FrameInfo, SceneInit } from './scene.ts';
import type { SceneMemory } from './world.ts';

export type { FrameInfo } from './scene.ts';

/** The scene's calls, answered by the render worker (asynchronously) or by a scene on this thread. */
type SceneApi = { [K in keyof SceneHost]: (...args: Parameters<SceneHost[K]>) => unknown };

/** How long the render worker may take to start before the map draws on this thread instead. */
const WORKER_START_MS = 20_000;

const canDrawInWorker = () =>
  typeof Worker !== 'undefined' &&
  typeof OffscreenCanvas !== 'undefined' &&
  typeof HTMLCanvasElement !== 'undefined' &&
  'transferControlToOffscreen' in HTMLCanvasElement.prototype;

/**
 * The stage's name in the page's language ("Screen", "מסך"), from the shop's texts: the map is loaded
 * again when the language changes, so it is read with each plan. None where the texts are not loaded
 * (a benchmark page without i18next).
 */
function stageName(stage: RenderData['stage']): string | null {
  if (!stage) return null;
  const key = `seatmap.stageLabel.${stage.kind}`;
  return i18next.exists(key) ? i18next.t(key) : null;
}

const sameRect = (a: Rect, b: Rect) =>
  a.minX === b.minX && a.minY === b.minY && a.maxX === b.maxX && a.maxY === b.maxY;

function newCanvas(container: HTMLElement, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.display = 'block';
  canvas.style.touchAction = 'none';
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  container.appendChild(canvas);
  return canvas;
}

/**
 * The page's side of the seat map's drawing. It owns the camera (so hit tests, keyboard navigation and
 * overlays answer at once, on this thread) and the seat states as this thread knows them, and tells the
 * scene (src/seatmap/scene.ts) what to draw: in the render worker when the browser can hand a canvas to
 * one, on this thread otherwise.
 */
export class SeatMapRenderer {
  readonly canvas: HTMLCanvasElement;
  /** Whether the scene draws in the render worker. */
  readonly inWorker: boolean;
  private readonly scene: SceneApi;
  private readonly release: () => void;
  private data: RenderData | null = null;
  private state: Uint8Array = new Uint8Array(0);
  private cam: Camera = { scale: 1, x: 0, y: 0 };
  private w: number;
  private h: number;
  private hover = -1;
  private focus = -1;
  /** The bounds of the summary on screen while its plan is read, else null. */
  private summaryBounds: Rect | null = null;
  /** Called after each frame the scene presented. */
  onFrame: ((f: FrameInfo) => void) | null = null;

  private constructor(
    canvas: HTMLCanvasElement,
    scene: SceneApi,
    inWorker: boolean,
    size: { width: number; height: number },
    release: () => void,
  ) {
    this.canvas = canvas;
    this.scene = scene;
    this.inWorker = inWorker;
    this.w = size.width;
    this.h = size.height;
    this.release = release;
  }

  static async create(container: HTMLElement, colors: SeatColors): Promise<SeatMapRenderer> {
    const size = { width: Math.max(1, container.clientWidth), height: Math.max(1, container.clientHeight) };
    const init: SceneInit = {
      ...size,
      resolution: Math.min(globalThis.devicePixelRatio || 1, 2),
      colors: { ...colors },
    };
    let renderer: SeatMapRenderer | null = null;
    const onFrame = (f: FrameInfo) => renderer?.onFrame?.(f);
    if (canDrawInWorker()) {
      const canvas = newCanvas(container, size.width, size.height);
      const worker = new Worker(new URL('./renderWorker.ts', import.meta.url), {
        type: 'module',
        name: 'seatmap-render',
      });
      const remote = wrap<SceneHost>(worker);
      try {
        const offscreen = canvas.transferControlToOffscreen();
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          remote.init(transfer(offscreen, [offscreen]), init, proxy(onFrame)),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('the render worker did not start')), WORKER_START_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        renderer = new SeatMapRenderer(canvas, remote as unknown as SceneApi, true, size, () => {
          // The scene first stops its paint worker (a nested worker outliving its parent confuses
          // debuggers), then this one goes; a worker that does not answer goes anyway.
          const stop = () => worker.terminate();
          const timer = setTimeout(stop, 1000);
          void remote.destroy().then(
            () => {
              clearTimeout(timer);
              stop();
            },
            () => undefined,
          );
        });
        return renderer;
      } catch {
        // No WebGL in a worker here: draw on this thread, on a canvas of its own.
        worker.terminate();
        canvas.remove();
      }
    }
    const { SeatScene } = await import('./scene.ts');
    const canvas = newCanvas(container, size.width, size.height);
    const scene = await SeatScene.create(canvas, init);
    scene.onFrame = onFrame;
    renderer = new SeatMapRenderer(canvas, scene as unknown as SceneApi, false, size, () => scene.destroy());
    return renderer;
  }

  get width(): number {
    return this.w;
  }

  get height(): number {
    return this.h;
  }

  get camera(): Camera {
    return this.cam;
  }

  get seatState(): Uint8Array {
    return this.state;
  }

  /**
   * A plan's summary while the plan is read: its far level is drawn at once, framed as the plan will be
   * (the plan, when it comes, keeps this camera: nothing jumps).
   */
  showSummary(summary: PlanSummary, palette: StylePalette): void {
    this.data = null;
    this.summaryBounds = summary.bounds;
    this.cam = fitCamera(summary.bounds, this.w, this.h);
    void this.scene.showSummary(summary, palette, this.cam);
  }

  /** `own`: a copy of the plan for the scene alone, moved to it without a copy on this thread. */
  setPlan(data: RenderData, state: Uint8Array, palette: StylePalette, own?: RenderData): void {
    this.data = data;
    this.state = state;
    // Framed already by its summary (and perhaps moved since): keep that view.
    const framed = this.summaryBounds !== null && sameRect(this.summaryBounds, data.bounds);
    this.summaryBounds = null;
    if (!framed) this.cam = fitCamera(data.bounds, this.w, this.h);
    const labels: MapLabels = { stage: stageName(data.stage) };
    // What the map writes over its stage, for tools and tests (the drawing itself is pixels).
    this.canvas.dataset.stageLabel = labels.stage ?? '';
    // The scene gets its own arrays (moved, when the seat-plan worker made them; else copies), this
    // thread keeps its arrays for hit tests and keys.
    const forScene = own && this.inWorker ? transfer(own, renderBuffers(own)) : data;
    void this.scene.setPlan(forScene, state.slice(), palette, this.cam, labels);
  }

  /** Applies seat state changes (status update, selection): this thread's copy, then the drawing. */
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    if (!this.data) return;
    for (let k = 0; k < changed.length; k++) this.state[changed[k]!] = states[k]!;
    void this.scene.updateStates(changed, states);
  }

  setPalette(palette: StylePalette): void {
    void this.scene.setPalette(palette);
  }

  resize(width: number, height: number): void {
    this.w = Math.max(1, width);
    this.h = Math.max(1, height);
    this.canvas.style.width = `${this.w}px`;
    this.canvas.style.height = `${this.h}px`;
    void this.scene.resize(this.w, this.h);
    this.setCamera(this.cam);
  }

  fit(): void {
    if (!this.data) return;
    this.cam = fitCamera(this.data.bounds, this.w, this.h);
    void this.scene.setView(this.cam, false);
  }

  zoomLimits() {
    const fit = this.data ? fitCamera(this.data.bounds, this.w, this.h).scale : 1;
    const radius = this.data?.seatRadius ?? 5;
    return { min: fit * 0.5, max: Math.max(fit * 2, 48 / radius) };
  }

  zoomBy(factor: number, at?: { x: number; y: number }): void {
    const p = at ?? { x: this.w / 2, y: this.h / 2 };
    this.setCamera(zoomAt(this.cam, factor, p.x, p.y, this.zoomLimits()), true);
  }

  panBy(dx: number, dy: number): void {
    this.setCamera(panBy(this.cam, dx, dy), true);
  }

  /** Moves the camera; `gesture` when a pan or pinch moves it (the scene may draw coarser meanwhile). */
  setCamera(cam: Camera, gesture = false): void {
    this.cam = this.data ? clampCamera(cam, this.data.bounds, this.w, this.h) : cam;
    void this.scene.setView(this.cam, gesture);
  }

  /** Brings a seat into view (keyboard navigation), zooming in until seats are drawn. */
  reveal(i: number): void {
    const d = this.data;
    if (!d || i < 0) return;
    let cam = this.cam;
    if (d.seatRadius * cam.scale < ROW_LABELS_FROM_PX) {
      cam = zoomAt(
        cam,
        ROW_LABELS_FROM_PX / (d.seatRadius * cam.scale),
        this.w / 2,
        this.h / 2,
        this.zoomLimits(),
      );
    }
    const p = worldToScreen(cam, d.x[i]!, d.y[i]!);
    const m = 40;
    if (p.x < m || p.x > this.w - m || p.y < m || p.y > this.h - m) {
      cam = panBy(cam, this.w / 2 - p.x, this.h / 2 - p.y);
    }
    this.setCamera(cam);
  }

  setHover(i: number): void {
    if (i !== this.hover) {
      this.hover = i;
      void this.scene.setMarks(this.hover, this.focus);
    }
  }

  /** Rings seats: those the shop just chose, those a selection would leave alone. */
  setMarks(marks: SeatMarks): void {
    void this.scene.setMarks(this.hover, this.focus, marks);
  }

  setFocus(i: number): void {
    if (i !== this.focus) {
      this.focus = i;
      void this.scene.setMarks(this.hover, this.focus);
    }
  }

  seatScreenPosition(i: number): { x: number; y: number } | null {
    const d = this.data;
    if (!d || i < 0 || i >= d.count) return null;
    return worldToScreen(this.cam, d.x[i]!, d.y[i]!);
  }

  /** Draws a frame now (in the worker: resolves when it is drawn). */
  async renderNow(): Promise<FrameInfo> {
    return (await this.scene.renderNow()) as FrameInfo;
  }

  /** The tiles' bitmaps and the GPU's textures now (the memory a heap figure leaves out). */
  async memory(): Promise<SceneMemory> {
    return (await this.scene.memory()) as SceneMemory;
  }

  /** Resolves after the first frame in which every visible tile shows a picture (coarser at first). */
  async whenPainted(): Promise<void> {
    await this.scene.whenPainted();
  }

  destroy(): void {
    this.release();
    this.canvas.remove();
  }
}
