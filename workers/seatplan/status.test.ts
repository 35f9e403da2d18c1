import { describe, expect, it } from 'vitest';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { packXY, SEAT_STATE, seatKeyOf } from './model.ts';
import { parsePlan } from './parse.ts';
import fc from 'fast-check';
import {
  applyFreeSeats,
  applyStatus,
  buildKeyIndex,
  scanStatusText,
  seatIndexOf,
  takenRatio,
} from './status.ts';

const data = parsePlan(
  cinemaHallPlan(
    { venueId: 1, seatplanId: 1, name: 'h' },
    { rows: 10, seatsPerRow: 10, levels: { regular: 1 }, variant: 'standard' },
  ),
).data!;
const index = buildKeyIndex(data);
const keys = Array.from({ length: data.count }, (_, i) => seatKeyOf(data, i));
const mapOf = (free: number[]) => Object.fromEntries(free.map((i) => [keys[i]!, '1,1']));

describe('applyStatus', () => {
  it('finds seats by key and answers -1 for unknown keys', () => {
    keys.forEach((k, i) => expect(seatIndexOf(index, k)).toBe(i));
    expect(seatIndexOf(index, '99_1_1')).toBe(-1);
    expect(seatIndexOf(index, 'garbage')).toBe(-1);
    for (const bad of ['1__3', '1_5_3_4', 'a_1_1', '1_5_3_', '', '1_-_3', '1_5'])
      expect(seatIndexOf(index, bad)).toBe(-1);
  });

  it('reads negative plan coordinates', () => {
    const plan = {
      S: [
        {
          id: 4,
          name: 'A',
          G: [
            {
              id: 1,
              R: [
                {
                  r: '1',
                  S: [
                    { x: -12, y: -3, tg: 1 },
                    { x: 7, y: -3, tg: 1 },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const d = parsePlan(plan).data!;
    const idx = buildKeyIndex(d);
    expect(seatIndexOf(idx, '4_-12_-3')).toBe(0);
    expect(seatIndexOf(idx, '4_7_-3')).toBe(1);
    expect(seatIndexOf(idx, '4_12_-3')).toBe(-1);
  });

  it('treats a seat missing from the sparse map as unavailable', () => {
    const r = applyStatus(data, index, mapOf([0, 1, 2]), null);
    expect(r.state[0]).toBe(SEAT_STATE.available);
    expect(r.state[3]).toBe(SEAT_STATE.taken);
    expect(r.takenRatio).toBe(takenRatio(data.count - 3, data.count));
  });

  it('reports exactly the seats that changed, as a diff', () => {
    const all = Array.from({ length: data.count }, (_, i) => i);
    const first = applyStatus(data, index, mapOf(all), null);
    const second = applyStatus(data, index, mapOf(all.filter((i) => i % 10 !== 0)), first.state);
    expect(Array.from(second.changed)).toEqual(all.filter((i) => i % 10 === 0));
    expect(second.takenRatio).toBe(0.1);
  });

  it("keeps the customer's own held seats selected", () => {
    const first = applyStatus(data, index, mapOf([0, 1, 2]), null);
    first.state[1] = SEAT_STATE.selected;
    const next = applyStatus(data, index, mapOf([0, 2]), first.state);
    expect(next.state[1]).toBe(SEAT_STATE.selected);
  });

  it('counts keys that match no seat', () => {
    expect(applyStatus(data, index, { '5_1_1': '1,1', x: '1,1' }, null).unknownKeys).toBe(2);
  });
});

describe('takenRatio', () => {
  it('rounds to 3 decimals', () => {
    expect(takenRatio(1, 3)).toBe(0.333);
    expect(takenRatio(2, 3)).toBe(0.667);
    expect(takenRatio(0, 0)).toBe(0);
  });
});

describe('scanStatusText', () => {
  it('reads the same free seats as JSON.parse plus a lookup per key', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(data.count - 1), { maxLength: 60 }),
        fc.boolean(),
        (free, wrapped) => {
          const map = { ...mapOf(free), '77_1_1': '1,1' };
          const text = JSON.stringify(wrapped ? { seats: map, held: [keys[0]] } : map, null, wrapped ? 1 : 0);
          const scanned = scanStatusText(index, text)!;
          const viaScan = applyFreeSeats(data, scanned.free, scanned.unknownKeys, null);
          const viaJson = applyStatus(data, index, map, null);
          expect(Array.from(viaScan.state)).toEqual(Array.from(viaJson.state));
          expect(viaScan.unknownKeys).toBe(1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('accepts empty maps and hands anything else back to JSON.parse', () => {
    expect(scanStatusText(index, '{}')).toEqual({ free: [], unknownKeys: 0 });
    expect(scanStatusText(index, '{"seats":{},"held":[]}')).toEqual({ free: [], unknownKeys: 0 });
    expect(scanStatusText(index, '[1,2,3]')).toBeNull();
    expect(scanStatusText(index, 'not json')).toBeNull();
  });
});

describe('packXY', () => {
  it('gives distinct seats distinct numbers within ±32,767, small integers within ±16,383', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -0x7fff, max: 0x7fff }),
        fc.integer({ min: -0x7fff, max: 0x7fff }),
        fc.integer({ min: -0x7fff, max: 0x7fff }),
        fc.integer({ min: -0x7fff, max: 0x7fff }),
        (x1, y1, x2, y2) => {
          expect(packXY(x1, y1) === packXY(x2, y2)).toBe(x1 === x2 && y1 === y2);
          if (Math.abs(x1) <= 0x3fff && Math.abs(y1) <= 0x3fff)
            expect(packXY(x1, y1)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 2000 },
    );
    expect(packXY(0x3fff, 0x3fff)).toBeLessThan(2 ** 30);
    expect(packXY(-0x3fff, 0x4000)).toBeLessThan(0);
  });
});
