import { describe, expect, it } from 'vitest';
import { SeatplanSchema, type Seatplan } from '../../src/api/contract/seatplan.ts';
import { countSeats } from '../../server/seed/seatplans.ts';
import { makePlan, planSeats, sampleSeatKeys, SHAPES, SIZES, statusMaps, type Shape } from './plans.ts';

const cache = new Map<string, Seatplan>();
function plan(shape: Shape, seats: number): Seatplan {
  const id = `${shape}:${seats}`;
  let p = cache.get(id);
  if (!p) {
    p = makePlan(shape, seats);
    cache.set(id, p);
  }
  return p;
}

describe.each(SHAPES)('%s plans', (shape) => {
  it.each([...SIZES, 2_500, 25_000])('%i seats: valid, within ±5 %, unique keys', (seats) => {
    const p = plan(shape, seats);
    expect(SeatplanSchema.safeParse(p).success).toBe(true);
    const count = countSeats(p);
    expect(Math.abs(count - seats)).toBeLessThanOrEqual(seats * 0.05);
    const keys = new Set([...planSeats(p)].map((s) => s.key));
    expect(keys.size).toBe(count);
    let bad = 0;
    for (const { seat, key } of planSeats(p)) {
      if (!key.startsWith(`${seat.si}_`) || !Number.isInteger(seat.x) || !Number.isInteger(seat.y)) bad++;
    }
    expect(bad).toBe(0);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(makePlan(shape, 1_000))).toBe(JSON.stringify(plan(shape, 1_000)));
  });
});

describe('shapes', () => {
  it('cinema: one section of straight rows, no group transforms', () => {
    const p = plan('cinema', 10_000);
    expect(p.S).toHaveLength(1);
    expect(p.stage?.kind).toBe('screen');
    const group = p.S[0]?.G[0];
    expect(group?.rotation).toBeUndefined();
    for (const row of group?.R ?? []) expect(new Set(row.S.map((s) => s.y)).size).toBe(1);
  });

  it('concert: stalls and two balconies in curved rows', () => {
    const p = plan('concert', 10_000);
    expect(p.S.map((s) => s.name)).toEqual(['Stalls', 'Balcony 1', 'Balcony 2']);
    const row = p.S[0]?.G[0]?.R[5]?.S ?? [];
    expect(new Set(row.map((s) => s.y)).size).toBeGreaterThan(3);
  });

  it('stadium: rotated sections', () => {
    const p = plan('stadium', 100_000);
    expect(p.S.length).toBeGreaterThan(40);
    const rotated = p.S.filter((s) => (s.G[0]?.rotation ?? 0) !== 0);
    expect(rotated.length).toBeGreaterThan(40);
  });
});

describe('status maps', () => {
  it.each(SHAPES)('%s: ~30 %% taken, the second map differs in exactly 10 %% of the seats', (shape) => {
    const p = plan(shape, 10_000);
    const { first, second, seats, changed } = statusMaps(p);
    expect(seats).toBe(countSeats(p));
    const keys = [...planSeats(p)].map((s) => s.key);
    const free1 = Object.keys(first).length;
    expect(Math.abs(1 - free1 / seats - 0.3)).toBeLessThan(0.005);
    expect(Math.abs(1 - Object.keys(second).length / seats - 0.3)).toBeLessThan(0.01);
    let diff = 0;
    for (const k of keys) if (k in first !== k in second) diff++;
    expect(diff).toBe(changed);
    expect(diff).toBe(Math.round(seats * 0.1));
    // Only real seats, with their "tg,ai".
    const bySeat = new Map([...planSeats(p)].map(({ key, seat }) => [key, `${seat.tg},${seat.ai}`]));
    for (const [k, v] of Object.entries(first)) expect(bySeat.get(k)).toBe(v);
    for (const [k, v] of Object.entries(second)) expect(bySeat.get(k)).toBe(v);
  });

  it('is deterministic', () => {
    const p = plan('cinema', 1_000);
    expect(statusMaps(p)).toEqual(statusMaps(p));
  });
});

describe('sampleSeatKeys', () => {
  it('picks distinct keys of real seats', () => {
    const p = plan('stadium', 10_000);
    const keys = sampleSeatKeys(p, 200);
    expect(keys).toHaveLength(200);
    expect(new Set(keys).size).toBe(200);
    const all = new Set([...planSeats(p)].map((s) => s.key));
    for (const k of keys) expect(all.has(k)).toBe(true);
  });
});
