import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSeatKey, parseSeatKey, seatKey, sectionKeyPrefix } from './seatKey.ts';

const coordinate = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const sectionId = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('seat keys', () => {
  it('writes section, x and y joined by underscores', () => {
    expect(seatKey(12, 3, -4)).toBe('12_3_-4');
  });

  it('reads back every key it writes', () => {
    fc.assert(
      fc.property(sectionId, coordinate, coordinate, (s, x, y) => {
        expect(parseSeatKey(seatKey(s, x, y))).toEqual({ sectionId: s, x, y });
      }),
    );
  });

  it('accepts only the one way each seat is written', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', '-', '_', ' ', 'x') }), (text) => {
        const seat = parseSeatKey(text);
        if (seat) expect(seatKey(seat.sectionId, seat.x, seat.y)).toBe(text);
        expect(isSeatKey(text)).toBe(seat !== undefined);
      }),
    );
  });

  it('refuses what is not a key', () => {
    for (const text of ['', '1_2', '1_2_3_4', '01_2_3', '1_-0_3', '1_2_3 ', 'a_b_c', '1.5_2_3', '1__3'])
      expect(parseSeatKey(text), text).toBeUndefined();
  });

  it('tells the seats of a section from those of another', () => {
    fc.assert(
      fc.property(sectionId, sectionId, coordinate, coordinate, (s, other, x, y) => {
        expect(seatKey(s, x, y).startsWith(sectionKeyPrefix(other))).toBe(s === other);
      }),
    );
  });
});
