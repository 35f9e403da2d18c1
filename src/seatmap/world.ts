import { type Remote, wrap } from 'comlink';
import { CanvasSource, ImageSource, Texture } from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import type { SeatColors, StylePalette } from './palette.ts';
import type { PaintApi } from './paintWorker.ts';
import { levelShowsSeats, TilePainter } from './tilePainter.ts';
import type { TileCache } from './tiles.ts';

/** A drawn tile: its texture, and the bitmap behind it (released with it). */
export interface Tile {
  texture: Texture;
  /** The picture's size in bytes (RGBA): its bitmap here, its texture on the GPU. */
  bytes: number;
  release(): void;
}

type Picture = ImageBitmap | OffscreenCanvas | HTMLCanvasElement;

/** Where tiles are painted: the paint worker, or (where a worker cannot start one) this thread. */
interface Painter {
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): unknown;
  setPalette(palette: StylePalette): unknown;
  paint(z: number, tx: number, ty: number): Promise<Picture>;
  close(): void;
}

/** The paint worker, started with the scene (so its start-up is not on a plan's first frame). */
export interface PaintWorker {
  remote: Remote<PaintApi>;
  terminate(): void;
}

export function startPaintWorker(): PaintWorker | null {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  try {
    const worker = new Worker(new URL('./paintWorker.ts', import.meta.url), {
      type: 'module',
      name: 'seatmap-paint',
    });
    const remote = wrap<PaintApi>(worker);
    void remote.warm();
    return { remote, terminate: () => worker.terminate() };
  } catch {
    return null;
  }
}

/** What a painter paints from. */
interface PaintPlan {
  data: RenderData;
  state: Uint8Array;
  palette: StylePalette;
  colors: SeatColors;
  resolution: number;
}

function workerPainter(paint: PaintWorker, p: PaintPlan): Painter {
  const { remote } = paint;
  // Its own copies: the scene keeps the plan for labels and invalidation.
  void remote.setPlan(p.data, p.state, p.palette, p.colors, p.resolution);
  return {
    // Typed arrays cross to the worker as they are (a copy of their bytes), no detour through plain arrays.
    updateStates: (changed, states) => void remote.updateStates(changed, states),
    setPalette: (p) => void remote.setPalette(p),
    paint: (z, tx, ty) => remote.paint(z, tx, ty) as Promise<ImageBitmap>,
    close: () => undefined,
  };
}

function localPainter(p: PaintPlan): Painter {
  const painter = new TilePainter(
    { ...p.data, style: p.data.style.slice() },
    p.state.slice(),
    p.palette,
    p.colors,
    p.resolution,
  );
  return {
    updateStates: (changed, states) => painter.updateStates(changed, states),
    setPalette: (p) => painter.setPalette(p),
    // Between frames, one tile per task.
    paint: (z, tx, ty) => new Promise((resolve) => setTimeout(() => resolve(painter.paint(z, tx, ty)), 0)),
    close: () => undefined,
  };
}

/**
 * The plan as the scene knows it (labels, hit boxes, which tiles a change makes stale), and the painter
 * that paints its tiles off the frame: in a worker of its own when one can start, else between frames.
 */
export class World {
  readonly data: RenderData;
  private readonly painter: Painter;
  private readonly resolution: number;

  constructor(
    data: RenderData,
    state: Uint8Array,
    palette: StylePalette,
    colors: SeatColors,
    resolution: number,
    paint: PaintWorker | null,
  ) {
    this.data = data;
    this.resolution = resolution;
    const plan = { data, state, palette, colors, resolution };
    this.painter = paint ? workerPainter(paint, plan) : localPainter(plan);
  }

  /** Whether level z shows seats (or section shapes): the painter's own rule. */
  showsSeats(z: number): boolean {
    return levelShowsSeats(this.data.seatRadius, z, this.resolution);
  }

  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    this.painter.updateStates(changed, states);
  }

  setPalette(palette: StylePalette): void {
    this.painter.setPalette(palette);
  }

  /** Paints tile (z, tx, ty) off the frame and wraps it in a texture (uploaded when first drawn). */
  async paintTile(z: number, tx: number, ty: number): Promise<Tile> {
    const picture = await this.painter.paint(z, tx, ty);
    const source =
      typeof ImageBitmap !== 'undefined' && picture instanceof ImageBitmap
        ? new ImageSource({ resource: picture, scaleMode: 'linear' })
        : new CanvasSource({ resource: picture as HTMLCanvasElement, scaleMode: 'linear' });
    const texture = new Texture({ source });
    return {
      texture,
      bytes: picture.width * picture.height * 4,
      release() {
        texture.destroy(true);
        if (picture instanceof ImageBitmap) picture.close();
      },
    };
  }

  destroy(): void {
    this.painter.close();
  }
}

/** Memory the heap figure does not count: the tiles' bitmaps and the GPU's textures and drawing buffer. */
export interface SceneMemory {
  tiles: number;
  /** The painted tiles' bitmaps (RGBA, 4 bytes a pixel), MiB. */
  tileBitmapMB: number;
  /** Tile textures on the GPU and the canvas's drawing buffers (front and back), MiB; labels not counted. */
  gpuTextureMB: number;
}

/** The memory of the cached tiles and of a drawing buffer of width × height device pixels. */
export function sceneMemory(tiles: TileCache<Tile>, width: number, height: number): SceneMemory {
  const MB = 2 ** 20;
  let bytes = 0;
  for (const key of tiles.keys()) {
    const [z, tx, ty] = key.split('/').map(Number) as [number, number, number];
    bytes += tiles.get(z, tx, ty)?.value.bytes ?? 0;
  }
  const round = (b: number) => Math.round((b / MB) * 10) / 10;
  // Each tile is a bitmap here and, once drawn, a texture of the same size on the GPU.
  return {
    tiles: tiles.size,
    tileBitmapMB: round(bytes),
    gpuTextureMB: round(bytes + 2 * width * height * 4),
  };
}
