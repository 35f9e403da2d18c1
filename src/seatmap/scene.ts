import type { Application } from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import { type Camera, type Rect, visibleRect } from './camera.ts';
import { type MapLabels, Overlay, type SeatMarks } from './labels.ts';
import { startPixi } from './sceneStart.ts';
import type { SeatColors, StylePalette } from './palette.ts';
import {
  invalidateSeats,
  levelFor,
  TileCache,
  type TileKey,
  tileKey,
  tileRect,
  tilesIn,
  tileWorldSize,
} from './tiles.ts';
import { TileSprites } from './tileSprites.ts';
import { SummaryLayer } from './summaryLayer.ts';
import type { PlanSummary } from '../../workers/seatplan/summary.ts';
import {
  type PaintWorker,
  sceneMemory,
  type SceneMemory,
  startPaintWorker,
  type Tile,
  World,
} from './world.ts';

/** A gesture has settled this long after its last camera change: full resolution, full detail. */
const SETTLE_MS = 150;
/**
 * Tiles asked of the painter at once (missing ones first, nearest the centre first; then stale ones):
 * enough to keep it busy between answers, few enough that a move soon asks for the tiles it needs.
 */
const MAX_PAINTING = 4;
/** Cached tiles at most (512² RGBA each: 1 MiB of GPU memory). */
const MAX_TILES = 96;
/** Frames slower than this while moving at full resolution switch gestures to half resolution. */
const SLOW_FRAME_MS = 24;

export interface SceneInit {
  width: number;
  height: number;
  resolution: number;
  colors: SeatColors;
}

/** One presented frame, as the scene reports it (`at`: epoch milliseconds, comparable across threads). */
export interface FrameInfo {
  at: number;
  ms: number;
  tilesDrawn: number;
  pending: number;
  lowRes: boolean;
}

const now = () => performance.now();
const raf: (cb: () => void) => void =
  typeof requestAnimationFrame === 'function'
    ? (cb) => requestAnimationFrame(cb)
    : (cb) => setTimeout(cb, 16);

/**
 * The seat map's drawing, wherever it runs: in the render worker on an OffscreenCanvas (the usual case,
 * so WebGL start-up, shader compiles and compositing never block the page), or on the page's own canvas
 * where a worker cannot draw. What does not change during a gesture is painted once, off the frame, into
 * cached 512-pixel tiles per zoom level (`World.paintTile`, `TileCache`); a frame composites the visible
 * tiles as textured quads (borrowing a coarser tile's picture where one is not painted yet,
 * `TileSprites`) and draws the labels and marks over them. A seat change makes stale only the tiles that
 * hold the seat. While a gesture moves the map on a slow (software) GPU, frames are composited at half
 * resolution; a settled map is drawn at full detail.
 */
export class SeatScene {
  private readonly app: Application;
  private readonly colors: SeatColors;
  private readonly sprites = new TileSprites();
  private readonly overlay: Overlay;
  private readonly tiles: TileCache<Tile>;
  private world: World | null = null;
  /** A plan's far level from its summary, shown until its own tiles fill the view. */
  private summary: SummaryLayer | null = null;
  private cam: Camera = { scale: 1, x: 0, y: 0 };
  private width: number;
  private height: number;
  private readonly resolution: number;
  private hover = -1;
  private focus = -1;
  private marks: SeatMarks = { picked: [], warn: [] };
  private lastMoveAt = -Infinity;
  private frameRequested = false;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private lastFrameAt = -1;
  /** Tiles being painted; the state version, bumped by every change of seats or palette. */
  private readonly painting = new Set<string>();
  /** The tiles the last frame wanted painted and not yet asked for, most wanted first. */
  private queue: TileKey[] = [];
  private stateVersion = 0;
  /** Tiles that arrived since the last frame. */
  private drawn = 0;
  /** Visible tiles with nothing to show (not even a borrowed picture), in the last frame. */
  private missing = 0;
  private settledWaiters: Array<() => void> = [];
  private slowFrames = 0;
  private lowResMotion: boolean;
  onFrame: ((f: FrameInfo) => void) | null = null;
  /** Started before the scene's own start-up (so it is ready for the first plan), shared by its plans. */
  private readonly paintWorker: PaintWorker | null;

  private constructor(app: Application, init: SceneInit, software: boolean, paint: PaintWorker | null) {
    this.app = app;
    this.paintWorker = paint;
    this.colors = init.colors;
    this.width = init.width;
    this.height = init.height;
    this.resolution = init.resolution;
    this.lowResMotion = software;
    this.overlay = new Overlay(init.colors);
    this.tiles = new TileCache<Tile>(MAX_TILES, (tile) => {
      this.sprites.dropBorrowed();
      tile.release();
    });
    app.stage.addChild(this.sprites.container, this.overlay.container);
  }

  static async create(canvas: HTMLCanvasElement | OffscreenCanvas, init: SceneInit): Promise<SeatScene> {
    const paint = startPaintWorker();
    const { app, software } = await startPixi(canvas, init);
    return new SeatScene(app, init, software, paint);
  }

  /**
   * A plan's summary, before the plan itself: its far level is drawn at once (the plan's first frame),
   * under the tiles that `setPlan` brings later.
   */
  showSummary(summary: PlanSummary, palette: StylePalette, cam: Camera): void {
    this.summary?.destroy();
    this.tiles.clear();
    this.world?.destroy();
    this.world = null;
    // A map reused for another plan: the last plan's names and marks go until this plan's come.
    this.overlay.container.visible = false;
    this.cam = cam;
    this.summary = new SummaryLayer(summary, palette, this.colors, cam);
    this.app.stage.addChildAt(this.summary.container, 0);
    this.renderNow();
  }

  /** A new plan, with the camera its first frame shows and the words the map writes on it. */
  setPlan(data: RenderData, state: Uint8Array, palette: StylePalette, cam: Camera, labels?: MapLabels): void {
    this.marks = { picked: [], warn: [] };
    this.tiles.clear();
    this.world?.destroy();
    this.stateVersion++;
    this.world = new World(data, state, palette, this.colors, this.resolution, this.paintWorker);
    this.cam = cam;
    this.overlay.setPlan(data, labels);
    this.overlay.container.visible = true;
    // Ask for the first frame's tiles now rather than at the next animation frame.
    this.renderNow();
  }

  /** New seat states: the tiles that hold the seats (or, zoomed out, their sections) go stale. */
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    const w = this.world;
    if (!w) return;
    w.updateStates(changed, states);
    this.stateVersion++;
    invalidateSeats(this.tiles, w.data, changed, (z) => w.showsSeats(z));
    this.requestFrame();
  }

  setPalette(palette: StylePalette): void {
    if (!this.world) return;
    this.world.setPalette(palette);
    this.stateVersion++;
    this.tiles.invalidate({ minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity });
    this.requestFrame();
  }

  /** The camera (CSS pixels); `gesture` when a pan or zoom moves it, so frames may go coarse. */
  setView(cam: Camera, gesture: boolean): void {
    this.cam = cam;
    if (gesture) {
      this.lastMoveAt = now();
      if (this.settleTimer) clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => {
        this.settleTimer = null;
        this.requestFrame();
      }, SETTLE_MS + 5);
    }
    this.requestFrame();
  }

  setMarks(hover: number, focus: number, marks?: SeatMarks): void {
    this.hover = hover;
    this.focus = focus;
    if (marks) this.marks = marks;
    this.requestFrame();
  }

  resize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.app.renderer.resize(this.width, this.height, this.app.renderer.resolution);
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    raf(() => {
      this.frameRequested = false;
      this.renderNow();
    });
  }

  /** Draws a frame now; keeps drawing while a gesture moves or tiles are still missing or stale. */
  renderNow(): FrameInfo {
    const t0 = now();
    const moving = t0 - this.lastMoveAt < SETTLE_MS;
    if (moving && !this.lowResMotion && this.lastFrameAt >= 0) {
      // A GPU that does not say it is software but is as slow as one: coarse gesture frames from now on.
      const gap = t0 - this.lastFrameAt;
      this.slowFrames = gap > SLOW_FRAME_MS && gap < 250 ? this.slowFrames + 1 : 0;
      if (this.slowFrames >= 3) this.lowResMotion = true;
    }
    const res = moving && this.lowResMotion ? this.resolution / 2 : this.resolution;
    const r = this.app.renderer;
    if (r.resolution !== res) r.resize(this.width, this.height, res);
    const { drawn, pending, labelsDone } = this.composite(moving);
    this.app.render();
    this.lastFrameAt = moving ? t0 : -1;
    // Tiles that arrive ask for their own frame.
    if (moving || !labelsDone) this.requestFrame();
    const info: FrameInfo = {
      at: performance.timeOrigin + now(),
      ms: now() - t0,
      tilesDrawn: drawn,
      pending,
      lowRes: res !== this.resolution,
    };
    this.onFrame?.(info);
    if (this.missing === 0) for (const done of this.settledWaiters.splice(0)) done();
    return info;
  }

  /**
   * Resolves after the first frame in which every visible tile shows a picture: its own, or its part of a
   * coarser tile (a plan's first frame; full detail follows as the tiles arrive).
   */
  whenPainted(): Promise<void> {
    return new Promise((resolve) => {
      this.settledWaiters.push(resolve);
      this.renderNow();
    });
  }

  /** Places the visible tiles (asking for the missing and stale ones) and the overlay. */
  private composite(moving: boolean): { drawn: number; pending: number; labelsDone: boolean } {
    const w = this.world;
    const { scale } = this.cam;
    this.summary?.place(this.cam);
    this.sprites.begin(this.cam);
    if (!w) {
      this.sprites.end();
      this.missing = 0;
      return { drawn: 0, pending: 0, labelsDone: true };
    }
    const d = w.data;
    const view = visibleRect(this.cam, this.width, this.height);
    const pad = d.seatRadius * 3;
    const area: Rect = {
      minX: Math.max(view.minX, d.bounds.minX - pad),
      minY: Math.max(view.minY, d.bounds.minY - pad),
      maxX: Math.min(view.maxX, d.bounds.maxX + pad),
      maxY: Math.min(view.maxY, d.bounds.maxY + pad),
    };
    const keepFrom = this.tiles.now + 1;
    const drawn = this.drawn;
    this.drawn = 0;
    let pending = 0;
    let missing = 0;
    if (area.minX < area.maxX && area.minY < area.maxY) {
      const z = levelFor(scale * this.resolution);
      const cx = (view.minX + view.maxX) / 2;
      const cy = (view.minY + view.maxY) / 2;
      const size = tileWorldSize(z);
      const wanted = tilesIn(z, area).sort(
        (a, b) =>
          Math.hypot((a.tx + 0.5) * size - cx, (a.ty + 0.5) * size - cy) -
          Math.hypot((b.tx + 0.5) * size - cx, (b.ty + 0.5) * size - cy),
      );
      // Missing tiles first (nearest the centre first), then stale ones: painted off the frame, shown
      // when they arrive; meanwhile a stale tile shows its older picture, a missing one a borrowed one.
      const bare: TileKey[] = [];
      const borrowed: TileKey[] = [];
      const stale: TileKey[] = [];
      for (const k of wanted) {
        const e = this.tiles.get(k.z, k.tx, k.ty);
        if (e) {
          this.tiles.touch(e);
          this.sprites.place(e.value.texture, tileRect(k.z, k.tx, k.ty));
          if (e.dirty) stale.push(k);
          continue;
        }
        (this.sprites.placeFallback(this.tiles, k.z, k.tx, k.ty) ? borrowed : bare).push(k);
      }
      // A tile with nothing to show is painted after its parent (a quarter of the work for its part of the
      // screen), so the whole view shows soon, coarser, and sharpens as its own tiles arrive. While a
      // gesture moves the map, only those are painted (a borrowed, blurrier picture will do until it
      // settles): the CPU stays with the frames.
      const parents = new Map<string, TileKey>();
      for (const k of bare) {
        const p = { z: k.z - 1, tx: Math.floor(k.tx / 2), ty: Math.floor(k.ty / 2) };
        if (!this.tiles.get(p.z, p.tx, p.ty)) parents.set(tileKey(p.z, p.tx, p.ty), p);
      }
      const coarse = [...parents.values()];
      this.queue = moving ? [...coarse, ...bare] : [...coarse, ...bare, ...borrowed, ...stale];
      this.pump();
      pending = bare.length + borrowed.length + stale.length;
      missing = bare.length;
    }
    this.sprites.end();
    const labelsDone = this.overlay.place(d, this.cam, view, this.hover, this.focus, this.marks);
    this.tiles.trim(keepFrom);
    this.missing = missing;
    if (missing === 0 && this.summary) {
      // The plan's own tiles fill the view: the summary has done its part.
      this.summary.destroy();
      this.summary = null;
    }
    return { drawn, pending, labelsDone };
  }

  private moving(): boolean {
    return now() - this.lastMoveAt < SETTLE_MS;
  }

  /** Asks the painter for the next tiles the last frame wanted, as it has room. */
  private pump(): void {
    const w = this.world;
    if (!w) return;
    // While a gesture moves the map, one tile at a time: the painter shares the CPU with the frames.
    const room = this.moving() ? 1 : MAX_PAINTING;
    while (this.painting.size < room && this.queue.length > 0) {
      const k = this.queue.shift()!;
      const e = this.tiles.get(k.z, k.tx, k.ty);
      if (!e || e.dirty) this.paint(w, k.z, k.tx, k.ty);
    }
  }

  /** Asks for a tile; when it arrives it replaces what the tile showed, stale again if states changed since. */
  private paint(w: World, z: number, tx: number, ty: number): void {
    const key = tileKey(z, tx, ty);
    if (this.painting.has(key)) return;
    const asked = this.stateVersion;
    this.painting.add(key);
    w.paintTile(z, tx, ty).then(
      (tile) => {
        this.painting.delete(key);
        if (this.world !== w) return tile.release();
        const e = this.tiles.set(z, tx, ty, tile);
        if (this.stateVersion !== asked) e.dirty = true;
        this.drawn++;
        this.pump();
        // Someone waits for the view to be whole (a plan's first frame): draw as soon as it can be.
        if (this.settledWaiters.length > 0) this.renderNow();
        else this.requestFrame();
      },
      () => {
        this.painting.delete(key);
        this.pump();
        this.requestFrame();
      },
    );
  }

  /** What the tiles and the GPU hold now, from the sizes of what is cached (see SceneMemory). */
  memory(): SceneMemory {
    return sceneMemory(this.tiles, this.app.renderer.width, this.app.renderer.height);
  }

  destroy(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.summary?.destroy();
    this.sprites.destroy();
    this.tiles.clear();
    this.world?.destroy();
    this.world = null;
    this.paintWorker?.terminate();
    this.app.destroy(true, { children: true });
  }
}
