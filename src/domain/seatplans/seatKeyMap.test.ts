import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seatKey } from '../seatKey.ts';
import { SeatKeyMap } from './seatKeyMap.ts';

describe('SeatKeyMap', () => {
  it('finds every seat it was given, by coordinates and by key, and lists them under their keys', () => {
    const coord = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.nat(20), coord, coord), { selector: (t) => seatKey(...t) }),
        (seats) => {
          const map = new SeatKeyMap<number>();
          seats.forEach(([s, x, y], i) => map.set(s, x, y, i));
          seats.forEach(([s, x, y], i) => {
            expect(map.get(s, x, y)).toBe(i);
            expect(map.getKey(seatKey(s, x, y))).toBe(i);
          });
          const listed = new Map(map.entries());
          expect(listed).toEqual(new Map(seats.map(([s, x, y], i) => [seatKey(s, x, y), i])));
        },
      ),
    );
  });

  it('finds nothing for a seat it was not given', () => {
    const map = new SeatKeyMap<string>();
    map.set(1, 2, 3, 'a');
    expect(map.get(1, 3, 2)).toBeUndefined();
    expect(map.get(2, 2, 3)).toBeUndefined();
    expect(map.getKey('not a key')).toBeUndefined();
  });
});
