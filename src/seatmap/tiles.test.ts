import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invalidateSeats,
  levelFor,
  SEAT_REACH,
  type SeatGeometry,
  TileCache,
  tileKey,
  tileRect,
  tilesIn,
  tileWorldSize,
} from './tiles.ts';

/** A cache holding every tile of levels 0..3 over [0, 4096)², values = their keys. */
function fullCache(released: string[] = []) {
  const cache = new TileCache<string>(10_000, (v) => released.push(v));
  for (let z = 0; z <= 3; z++) {
    for (const k of tilesIn(z, { minX: 0, minY: 0, maxX: 4095, maxY: 4095 })) {
      cache.set(k.z, k.tx, k.ty, tileKey(k.z, k.tx, k.ty));
    }
  }
  return cache;
}

function plan(seats: Array<[number, number, number]>, radius = 4): SeatGeometry {
  const sections = [
    { minX: 0, minY: 0, maxX: 2000, maxY: 2000 },
    { minX: 2100, minY: 2100, maxX: 4000, maxY: 4000 },
  ];
  return {
    x: seats.map((s) => s[0]),
    y: seats.map((s) => s[1]),
    section: seats.map((s) => s[2]),
    seatRadius: radius,
    sections,
  };
}

/** The tiles of each level whose rectangle a seat's drawing (SEAT_REACH radii) touches, worked out by hand. */
function tilesHolding(d: SeatGeometry, i: number, z: number): string[] {
  const r = d.seatRadius * SEAT_REACH;
  const s = tileWorldSize(z);
  const out: string[] = [];
  for (let ty = Math.floor((d.y[i]! - r) / s); ty <= Math.floor((d.y[i]! + r) / s); ty++)
    for (let tx = Math.floor((d.x[i]! - r) / s); tx <= Math.floor((d.x[i]! + r) / s); tx++)
      out.push(tileKey(z, tx, ty));
  return out;
}

describe('the tile grid', () => {
  it('picks the level at least as sharp as the view', () => {
    expect(levelFor(1)).toBe(0);
    expect(levelFor(1.01)).toBe(1);
    expect(levelFor(2)).toBe(1);
    expect(levelFor(0.5)).toBe(-1);
    expect(levelFor(0.3)).toBe(-1);
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (px) => {
        const z = levelFor(px);
        expect(2 ** z).toBeGreaterThanOrEqual(px * (1 - 1e-9));
        expect(2 ** (z - 1)).toBeLessThan(px);
      }),
    );
  });

  it('covers a rectangle with the tiles that touch it', () => {
    expect(tilesIn(0, { minX: 0, minY: 0, maxX: 511, maxY: 511 })).toEqual([{ z: 0, tx: 0, ty: 0 }]);
    expect(tilesIn(0, { minX: 500, minY: 0, maxX: 520, maxY: 10 }).map((k) => k.tx)).toEqual([0, 1]);
    expect(tileRect(1, 1, 0)).toEqual({ minX: 256, minY: 0, maxX: 512, maxY: 256 });
  });
});

describe('a seat change redraws exactly the tiles that hold the seat', () => {
  it('a seat inside one tile: that tile on each seat level, nothing else', () => {
    const cache = fullCache();
    const d = plan([[100, 100, 0]]);
    const marked = invalidateSeats(cache, d, [0], () => true);
    // Tiles of 512, 256, 128 and 64 units a side: the seat at (100, 100) is in the first of three, then (1, 1).
    expect([...marked].sort()).toEqual(['0/0/0', '1/0/0', '2/0/0', '3/1/1']);
  });

  it('a seat on a tile border makes both tiles stale, and both are redrawn', () => {
    const cache = fullCache();
    const d = plan([[512, 100, 0]]);
    const marked = invalidateSeats(cache, d, [0], () => true);
    expect(marked.has('0/0/0') && marked.has('0/1/0')).toBe(true);
    expect(marked.has('0/0/1')).toBe(false);
  });

  it('levels that draw sections go stale over the whole section, seat levels only around the seat', () => {
    const cache = fullCache();
    const d = plan([[3000, 3000, 1]]);
    const marked = invalidateSeats(cache, d, [0], (z) => z >= 2);
    // Level 0 (512 units a tile): the section [2100, 4000]² spans tiles 4..7 both ways.
    const level0 = [...marked].filter((k) => k.startsWith('0/'));
    expect(level0).toHaveLength(16);
    expect(level0).toContain('0/4/4');
    expect(level0).toContain('0/7/7');
    // Level 2 draws seats: only the seat's own tile.
    expect([...marked].filter((k) => k.startsWith('2/'))).toEqual(tilesHolding(d, 0, 2));
  });

  it('for any seats, exactly the cached tiles within reach of a changed seat go stale', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 10, max: 4080 }), fc.integer({ min: 10, max: 4080 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 12 }),
        (points, radius) => {
          const cache = fullCache();
          const d = plan(
            points.map(([x, y]) => [x, y, 0]),
            radius,
          );
          const changed = points.map((_, i) => i).filter((i) => i % 2 === 0);
          const marked = invalidateSeats(cache, d, changed, () => true);
          const expected = new Set<string>();
          for (const i of changed)
            for (let z = 0; z <= 3; z++) for (const k of tilesHolding(d, i, z)) expected.add(k);
          // Only cached tiles can be marked: every expected key is inside the cached area here.
          const inCache = new Set(cache.keys());
          expect([...marked].sort()).toEqual([...expected].filter((k) => inCache.has(k)).sort());
          for (const key of cache.keys()) {
            const [z, tx, ty] = key.split('/').map(Number) as [number, number, number];
            expect(cache.get(z, tx, ty)!.dirty).toBe(marked.has(key));
          }
        },
      ),
    );
  });

  it('a redrawn tile is clean again; the others stay stale until their turn', () => {
    const cache = fullCache();
    invalidateSeats(cache, plan([[512, 100, 0]]), [0], (z) => z === 0);
    expect(cache.get(0, 0, 0)!.dirty).toBe(true);
    cache.set(0, 0, 0, 'redrawn');
    expect(cache.get(0, 0, 0)!.dirty).toBe(false);
    expect(cache.get(0, 1, 0)!.dirty).toBe(true);
  });
});

describe('the cache', () => {
  it('forgets the least recently used tiles beyond its limit, never those of the current frame', () => {
    const released: string[] = [];
    const cache = new TileCache<string>(3, (v) => released.push(v));
    for (let tx = 0; tx < 3; tx++) cache.set(0, tx, 0, `t${tx}`);
    cache.touch(cache.get(0, 0, 0)!);
    const frame = cache.now + 1;
    cache.set(0, 3, 0, 't3');
    cache.set(0, 4, 0, 't4');
    cache.trim(frame);
    expect(cache.size).toBe(3);
    expect(released.sort()).toEqual(['t1', 't2']);
    expect(cache.get(0, 0, 0)).toBeDefined();
  });

  it('releases a replaced drawing and everything on clear', () => {
    const released: string[] = [];
    const cache = new TileCache<string>(10, (v) => released.push(v));
    cache.set(0, 0, 0, 'a');
    cache.set(0, 0, 0, 'b');
    expect(released).toEqual(['a']);
    cache.clear();
    expect(released).toEqual(['a', 'b']);
    expect(cache.size).toBe(0);
  });
});
