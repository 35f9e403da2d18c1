import type { Rect } from './camera.ts';

/**
 * The tile grid of the seat map's texture cache, without any drawing: which tiles a view needs, which
 * are cached, which a seat change made stale, and which to forget. Level z draws the world at 2^z device
 * pixels per world unit; a tile is TILE_PX × TILE_PX device pixels, so it covers TILE_PX / 2^z world
 * units a side. Pure bookkeeping, so the invalidation rules can be tested without a GPU.
 */
export const TILE_PX = 512;

/**
 * How far a seat's drawing reaches from its centre, in seat radii: the painter draws every seat within
 * this distance of a tile, and a seat's change makes every tile within it stale (a stamp is at most
 * radius + 1 device pixel from the centre, which is under 2 radii wherever seats are drawn).
 */
export const SEAT_REACH = 2;

export interface TileKey {
  z: number;
  tx: number;
  ty: number;
}

export interface TileEntry<T> extends TileKey {
  key: string;
  value: T;
  /** Drawn before a change that touches it: still shown, redrawn when its turn comes. */
  dirty: boolean;
  lastUsed: number;
}

export const tileKey = (z: number, tx: number, ty: number) => `${z}/${tx}/${ty}`;

/** World units a tile of level z covers, a side. */
export const tileWorldSize = (z: number) => TILE_PX / 2 ** z;

/** The level whose tiles are at least as sharp as the view: device pixels per world unit ≤ 2^z. */
export function levelFor(devicePxPerUnit: number): number {
  return Math.ceil(Math.log2(Math.max(devicePxPerUnit, 1e-9)) - 1e-9) + 0;
}

export function tileRect(z: number, tx: number, ty: number): Rect {
  const s = tileWorldSize(z);
  return { minX: tx * s, minY: ty * s, maxX: (tx + 1) * s, maxY: (ty + 1) * s };
}

/** The tiles of level z that a world rectangle touches, row by row. */
export function tilesIn(z: number, r: Rect): TileKey[] {
  const s = tileWorldSize(z);
  const x0 = Math.floor(r.minX / s);
  const x1 = Math.floor(r.maxX / s);
  const y0 = Math.floor(r.minY / s);
  const y1 = Math.floor(r.maxY / s);
  const out: TileKey[] = [];
  for (let ty = y0; ty <= y1; ty++) for (let tx = x0; tx <= x1; tx++) out.push({ z, tx, ty });
  return out;
}

/**
 * The cached tiles, least recently used forgotten first (never one the current frame shows). `evict`
 * releases a forgotten tile's texture.
 */
export class TileCache<T> {
  private readonly entries = new Map<string, TileEntry<T>>();
  private readonly levels = new Map<number, Set<string>>();
  private clock = 0;
  readonly maxTiles: number;
  private readonly evict: (value: T) => void;

  constructor(maxTiles: number, evict: (value: T) => void) {
    this.maxTiles = maxTiles;
    this.evict = evict;
  }

  get size(): number {
    return this.entries.size;
  }

  get(z: number, tx: number, ty: number): TileEntry<T> | undefined {
    return this.entries.get(tileKey(z, tx, ty));
  }

  /** Marks a tile used by the frame being drawn. */
  touch(entry: TileEntry<T>): void {
    entry.lastUsed = ++this.clock;
  }

  /** Stores a freshly drawn tile (clean), replacing and releasing an older drawing of it. */
  set(z: number, tx: number, ty: number, value: T): TileEntry<T> {
    const key = tileKey(z, tx, ty);
    const old = this.entries.get(key);
    if (old) {
      if (old.value !== value) this.evict(old.value);
      old.value = value;
      old.dirty = false;
      this.touch(old);
      return old;
    }
    const entry: TileEntry<T> = { key, z, tx, ty, value, dirty: false, lastUsed: ++this.clock };
    this.entries.set(key, entry);
    let level = this.levels.get(z);
    if (!level) this.levels.set(z, (level = new Set()));
    level.add(key);
    return entry;
  }

  /**
   * Marks stale every cached tile that a world rectangle touches, on the levels `onLevel` accepts (all by
   * default). Returns the keys it marked (already stale ones included).
   */
  invalidate(r: Rect, onLevel: (z: number) => boolean = () => true): string[] {
    const marked: string[] = [];
    for (const [z, keys] of this.levels) {
      if (keys.size === 0 || !onLevel(z)) continue;
      const s = tileWorldSize(z);
      const x0 = Math.floor(r.minX / s);
      const x1 = Math.floor(r.maxX / s);
      const y0 = Math.floor(r.minY / s);
      const y1 = Math.floor(r.maxY / s);
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > keys.size) {
        // A large rectangle: walk the level's tiles instead of the rectangle's.
        for (const key of keys) {
          const e = this.entries.get(key)!;
          if (e.tx >= x0 && e.tx <= x1 && e.ty >= y0 && e.ty <= y1) {
            e.dirty = true;
            marked.push(key);
          }
        }
        continue;
      }
      for (let ty = y0; ty <= y1; ty++) {
        for (let tx = x0; tx <= x1; tx++) {
          const e = this.entries.get(tileKey(z, tx, ty));
          if (e) {
            e.dirty = true;
            marked.push(e.key);
          }
        }
      }
    }
    return marked;
  }

  /** Forgets every tile (a new plan, another palette, a resolution change). */
  clear(): void {
    for (const e of this.entries.values()) this.evict(e.value);
    this.entries.clear();
    this.levels.clear();
  }

  /** Forgets the least recently used tiles beyond the limit, keeping those used at or after `keepFrom`. */
  trim(keepFrom: number): void {
    if (this.entries.size <= this.maxTiles) return;
    const old = [...this.entries.values()]
      .filter((e) => e.lastUsed < keepFrom)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    for (const e of old) {
      if (this.entries.size <= this.maxTiles) break;
      this.entries.delete(e.key);
      this.levels.get(e.z)?.delete(e.key);
      this.evict(e.value);
    }
  }

  /** The clock value the next touch will exceed: frames pass it to `trim` to keep what they show. */
  get now(): number {
    return this.clock;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/** What seat invalidation needs of a plan: seat centres and radius, each seat's section and its box. */
export interface SeatGeometry {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  section: ArrayLike<number>;
  seatRadius: number;
  sections: ReadonlyArray<Rect>;
}

/**
 * Seats changed state: on levels that draw seats, the tiles a changed seat's drawing touches go stale;
 * on levels that draw section shapes (shaded by what is free), the tiles of its section. Returns the
 * keys marked.
 */
export function invalidateSeats<T>(
  cache: TileCache<T>,
  d: SeatGeometry,
  changed: ArrayLike<number>,
  showsSeats: (z: number) => boolean,
): Set<string> {
  const marked = new Set<string>();
  const r = d.seatRadius * SEAT_REACH;
  const sections = new Set<number>();
  for (let k = 0; k < changed.length; k++) {
    const i = changed[k]!;
    const x = d.x[i]!;
    const y = d.y[i]!;
    for (const key of cache.invalidate({ minX: x - r, minY: y - r, maxX: x + r, maxY: y + r }, showsSeats))
      marked.add(key);
    sections.add(d.section[i]!);
  }
  for (const s of sections) {
    const box = d.sections[s];
    if (box) for (const key of cache.invalidate(box, (z) => !showsSeats(z))) marked.add(key);
  }
  return marked;
}
