import {
  Application,
  BitmapText,
  Container,
  Graphics,
  Rectangle,
  RenderTexture,
  Sprite,
  Texture,
  type WebGLRenderer,
} from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import { type Camera, type Rect, visibleRect } from './camera.ts';
import { LABEL_STYLE_ROW, LABEL_STYLE_SECTION, Overlay } from './labels.ts';
import type { SeatColors, StylePalette } from './palette.ts';
import {
  invalidateSeats,
  levelFor,
  TILE_PX,
  TileCache,
  tileKey,
  tileRect,
  tilesIn,
  tileWorldSize,
} from './tiles.ts';
import { type Tile, World } from './world.ts';

/** A gesture has settled this long after its last camera change: full resolution, full detail. */
const SETTLE_MS = 150;
/** Tiles drawn per frame while moving (missing ones first); settled, as many as fit TILE_BUDGET_MS. */
const TILES_PER_MOVING_FRAME = 1;
const TILE_BUDGET_MS = 12;
/** Cached tiles at most (512² RGBA each: 1 MiB of GPU memory). */
const MAX_TILES = 96;
/** How many coarser levels a missing tile may borrow a (blurrier) picture from. */
const FALLBACK_LEVELS = 4;
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
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The seat map's drawing, wherever it runs: in the render worker on an OffscreenCanvas (the usual case,
 * so WebGL start-up, shader compiles and tile drawing never block the page), or on the page's own canvas
 * where a worker cannot draw. What does not change during a gesture is drawn once into cached 512-pixel
 * tiles per zoom level (`World.drawTile`, `TileCache`); a frame composites the visible tiles as textured
 * quads (borrowing a coarser tile's picture where one is not drawn yet) and draws the labels and marks
 * over them. A seat change redraws only the tiles that hold the seat. While a gesture moves the map on a
 * slow (software) GPU, frames are composited at half resolution; a settled map is drawn at full detail.
 */
export class SeatScene {
  private readonly app: Application;
  private readonly colors: SeatColors;
  private readonly tileLayer = new Container({ label: 'tiles', eventMode: 'none' });
  private readonly overlay: Overlay;
  private readonly sprites: Sprite[] = [];
  private readonly borrowed = new Map<string, Texture>();
  private readonly tiles: TileCache<Tile>;
  private world: World | null = null;
  private cam: Camera = { scale: 1, x: 0, y: 0 };
  private width: number;
  private height: number;
  private readonly resolution: number;
  private hover = -1;
  private focus = -1;
  private lastMoveAt = -Infinity;
  private frameRequested = false;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private lastFrameAt = -1;
  private slowFrames = 0;
  private lowResMotion: boolean;
  onFrame: ((f: FrameInfo) => void) | null = null;

  private constructor(app: Application, init: SceneInit, software: boolean) {
    this.app = app;
    this.colors = init.colors;
    this.width = init.width;
    this.height = init.height;
    this.resolution = init.resolution;
    this.lowResMotion = software;
    this.overlay = new Overlay(init.colors);
    this.tiles = new TileCache<Tile>(MAX_TILES, (tile) => {
      this.dropBorrowed();
      tile.release();
    });
    app.stage.addChild(this.tileLayer, this.overlay.container);
  }

  static async create(canvas: HTMLCanvasElement | OffscreenCanvas, init: SceneInit): Promise<SeatScene> {
    const app = new Application();
    await app.init({
      canvas: canvas as HTMLCanvasElement,
      width: Math.max(1, init.width),
      height: Math.max(1, init.height),
      background: init.colors.background,
      antialias: false,
      autoStart: false,
      sharedTicker: false,
      preference: 'webgl',
      resolution: init.resolution,
      autoDensity: false,
      powerPreference: 'high-performance',
    });
    app.ticker.stop();
    const scene = new SeatScene(app, init, isSoftwareGl(app.renderer as WebGLRenderer));
    await scene.warmUp();
    return scene;
  }

  /** Compiles the shaders and builds the label fonts, one step per task, before the plan arrives. */
  private async warmUp(): Promise<void> {
    const glyphs = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ·-';
    const rt = RenderTexture.create({ width: 8, height: 8 });
    const steps = [
      () =>
        new Graphics()
          .poly([0, 0, 4, 0, 4, 4], true)
          .fill({ color: 0xffffff, alpha: 0.01 })
          .stroke({ color: 0xffffff, width: 1, alpha: 0.01 }),
      () => new BitmapText({ text: glyphs, style: { ...LABEL_STYLE_SECTION, fill: this.colors.screen } }),
      () => new BitmapText({ text: glyphs, style: { ...LABEL_STYLE_ROW, fill: this.colors.rows } }),
      () => new Sprite({ texture: rt, blendMode: 'none' }),
    ];
    for (const step of steps) {
      await nextTask();
      const warm = new Container({ alpha: 0.01 });
      warm.addChild(step());
      this.app.renderer.render({ container: warm, target: rt });
      this.app.stage.addChild(warm);
      this.app.render();
      this.app.stage.removeChild(warm);
      warm.destroy({ children: true });
    }
    rt.destroy(true);
  }

  /** A new plan, with the camera its first frame shows. */
  setPlan(data: RenderData, state: Uint8Array, palette: StylePalette, cam: Camera): void {
    this.tiles.clear();
    this.world = new World(data, state, palette, this.colors, this.resolution);
    this.cam = cam;
    this.overlay.setPlan(data);
    this.requestFrame();
  }

  /** New seat states: the tiles that hold the seats (or, zoomed out, their sections) go stale. */
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    const w = this.world;
    if (!w) return;
    w.updateStates(changed, states);
    invalidateSeats(this.tiles, w.data, changed, (z) => w.showsSeats(z));
    this.requestFrame();
  }

  setPalette(palette: StylePalette): void {
    if (!this.world) return;
    this.world.setPalette(palette);
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

  setMarks(hover: number, focus: number): void {
    this.hover = hover;
    this.focus = focus;
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
    const { drawn, pending } = this.composite(moving);
    this.app.render();
    this.lastFrameAt = moving ? t0 : -1;
    if (moving || pending > 0) this.requestFrame();
    const info: FrameInfo = {
      at: performance.timeOrigin + now(),
      ms: now() - t0,
      tilesDrawn: drawn,
      pending,
      lowRes: res !== this.resolution,
    };
    this.onFrame?.(info);
    return info;
  }

  /** Places the visible tiles (drawing the missing and stale ones within the budget) and the overlay. */
  private composite(moving: boolean): { drawn: number; pending: number } {
    const w = this.world;
    const { scale, x, y } = this.cam;
    this.tileLayer.scale.set(scale);
    this.tileLayer.position.set(x, y);
    if (!w) {
      this.hideSprites(0);
      return { drawn: 0, pending: 0 };
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
    let used = 0;
    let drawn = 0;
    let pending = 0;
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
      const start = now();
      const budgetLeft = () =>
        moving ? drawn < TILES_PER_MOVING_FRAME : drawn === 0 || now() - start < TILE_BUDGET_MS;
      // Missing tiles first (nearest the centre first), then stale ones.
      for (const pass of [false, true]) {
        for (const k of wanted) {
          const e = this.tiles.get(k.z, k.tx, k.ty);
          if (pass ? !e?.dirty : e) continue;
          if (!budgetLeft()) {
            pending++;
            continue;
          }
          this.tiles.set(k.z, k.tx, k.ty, w.drawTile(k.z, k.tx, k.ty));

          drawn++;
        }
      }
      for (const k of wanted) {
        const e = this.tiles.get(k.z, k.tx, k.ty);
        const rect = tileRect(k.z, k.tx, k.ty);
        if (e) {
          this.tiles.touch(e);
          this.place(used++, e.value.texture, rect);
          continue;
        }
        used = this.placeFallback(used, k.z, k.tx, k.ty, rect);
      }
    }
    this.hideSprites(used);
    const labelsDone = this.overlay.place(d, this.cam, view, this.hover, this.focus);
    this.tiles.trim(keepFrom);
    return { drawn, pending: pending + (labelsDone ? 0 : 1) };
  }

  /** A missing tile shows its part of a coarser cached tile, or the finer cached tiles inside it. */
  private placeFallback(used: number, z: number, tx: number, ty: number, rect: Rect): number {
    for (let k = 1; k <= FALLBACK_LEVELS; k++) {
      const f = 2 ** k;
      const ax = Math.floor(tx / f);
      const ay = Math.floor(ty / f);
      const a = this.tiles.get(z - k, ax, ay);
      if (!a) continue;
      this.tiles.touch(a);
      const key = `${a.key}>${tileKey(z, tx, ty)}`;
      let tex = this.borrowed.get(key);
      if (!tex) {
        const part = TILE_PX / f;
        tex = new Texture({
          source: a.value.texture.source,
          frame: new Rectangle((tx - ax * f) * part, (ty - ay * f) * part, part, part),
        });
        this.borrowed.set(key, tex);
      }
      this.place(used++, tex, rect);
      return used;
    }
    for (let cy = 0; cy < 2; cy++) {
      for (let cx = 0; cx < 2; cx++) {
        const c = this.tiles.get(z + 1, tx * 2 + cx, ty * 2 + cy);
        if (!c) continue;
        this.tiles.touch(c);
        this.place(used++, c.value.texture, tileRect(z + 1, tx * 2 + cx, ty * 2 + cy));
      }
    }
    return used;
  }

  private place(k: number, texture: Texture, rect: Rect): void {
    let s = this.sprites[k];
    if (!s) {
      // Tiles are opaque: no blending needed, which software GL pays for per pixel.
      s = new Sprite({ texture, blendMode: 'none', roundPixels: false });
      this.sprites.push(s);
      this.tileLayer.addChild(s);
    }
    s.texture = texture;
    s.visible = true;
    s.position.set(rect.minX, rect.minY);
    s.setSize(rect.maxX - rect.minX, rect.maxY - rect.minY);
  }

  private hideSprites(from: number): void {
    for (let k = from; k < this.sprites.length; k++) this.sprites[k]!.visible = false;
  }

  private dropBorrowed(): void {
    for (const t of this.borrowed.values()) t.destroy(false);
    this.borrowed.clear();
  }

  /** For tests and the bench: the cached tiles' keys and which are stale. */
  tileState(): { keys: string[]; stale: string[] } {
    const keys = this.tiles.keys();
    return {
      keys,
      stale: keys.filter(
        (k) => this.tiles.get(...(k.split('/').map(Number) as [number, number, number]))?.dirty,
      ),
    };
  }

  destroy(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    for (const s of this.sprites) s.texture = Texture.EMPTY;
    this.tiles.clear();
    this.app.destroy(true, { children: true });
  }
}

/** Software rasterisers (SwiftShader, llvmpipe, Microsoft Basic Render) pay for every pixel on the CPU. */
function isSoftwareGl(renderer: WebGLRenderer): boolean {
  try {
    const gl = renderer.gl;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
  } catch {
    return false;
  }
}
