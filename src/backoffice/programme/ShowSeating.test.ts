import { describe, expect, it } from 'vitest';
import type { AdminPresentation } from './api.ts';
import { capacityValid, seatingChange, seatingDraftOf } from './ShowSeating.tsx';

const club = { isReserved: false, seatplanId: 7, capacity: 400, planCapacity: 400 } as AdminPresentation;
const hall = { isReserved: true, seatplanId: 11, capacity: 120, planCapacity: 120 } as AdminPresentation;

describe('the seating fields of a show', () => {
  it('starts empty for a whole plan, and with the number for a capacity', () => {
    expect(seatingDraftOf(club)).toEqual({ capacity: '', seatplanId: 7 });
    expect(seatingDraftOf({ ...club, capacity: 150 })).toEqual({ capacity: '150', seatplanId: 7 });
    expect(seatingDraftOf(hall)).toEqual({ capacity: '', seatplanId: 11 });
  });

  it('sends only what changed: a capacity, null for the whole plan, another version', () => {
    expect(seatingChange(club, seatingDraftOf(club))).toEqual({});
    expect(seatingChange(club, { capacity: ' 150 ', seatplanId: 7 })).toEqual({ capacity: 150 });
    expect(seatingChange({ ...club, capacity: 150 }, { capacity: '', seatplanId: 7 })).toEqual({
      capacity: null,
    });
    expect(seatingChange(hall, { capacity: '', seatplanId: 12 })).toEqual({ seatplanId: 12 });
  });

  it('takes a whole number from 1, or nothing', () => {
    for (const ok of ['', '1', '250']) expect(capacityValid({ capacity: ok, seatplanId: 1 })).toBe(true);
    for (const bad of ['0', '-3', '2.5', 'ten'])
      expect(capacityValid({ capacity: bad, seatplanId: 1 })).toBe(false);
  });
});
