import { describe, expect, it } from 'vitest';
import { addDays, isoDate, wallDateAt, wallTime } from './calendar.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('wallTime', () => {
  it('is UTC+2 in winter', () => {
    expect(iso(wallTime({ year: 2026, month: 1, day: 15 }, 20, 30))).toBe('2026-01-15T18:30:00.000Z');
    expect(iso(wallTime({ year: 2026, month: 12, day: 1 }, 19, 30))).toBe('2026-12-01T17:30:00.000Z');
  });

  it('is UTC+3 in summer', () => {
    expect(iso(wallTime({ year: 2026, month: 7, day: 1 }, 20, 30))).toBe('2026-07-01T17:30:00.000Z');
  });

  it('crosses to the previous UTC date for early-morning times', () => {
    expect(iso(wallTime({ year: 2026, month: 7, day: 1 }, 1, 0))).toBe('2026-06-30T22:00:00.000Z');
  });

  it('follows the start of summer time on Friday 27 March 2026 at 02:00', () => {
    const day = { year: 2026, month: 3, day: 27 };
    expect(iso(wallTime(day, 1, 30))).toBe('2026-03-26T23:30:00.000Z');
    expect(iso(wallTime(day, 3, 0))).toBe('2026-03-27T00:00:00.000Z');
    expect(iso(wallTime(day, 20, 0))).toBe('2026-03-27T17:00:00.000Z');
    expect(iso(wallTime({ year: 2026, month: 3, day: 26 }, 20, 0))).toBe('2026-03-26T18:00:00.000Z');
  });

  it('follows the end of summer time on Sunday 25 October 2026 at 02:00', () => {
    const day = { year: 2026, month: 10, day: 25 };
    expect(iso(wallTime(day, 0, 30))).toBe('2026-10-24T21:30:00.000Z');
    expect(iso(wallTime(day, 3, 0))).toBe('2026-10-25T01:00:00.000Z');
    expect(iso(wallTime(day, 20, 0))).toBe('2026-10-25T18:00:00.000Z');
    expect(iso(wallTime({ year: 2026, month: 10, day: 24 }, 20, 0))).toBe('2026-10-24T17:00:00.000Z');
  });
});

describe('wallDateAt', () => {
  it('gives the Jerusalem calendar date of an instant', () => {
    expect(wallDateAt(Date.parse('2026-03-10T22:30:00Z'))).toEqual({ year: 2026, month: 3, day: 11 });
    expect(wallDateAt(Date.parse('2026-03-10T21:30:00Z'))).toEqual({ year: 2026, month: 3, day: 10 });
  });
});

describe('addDays', () => {
  it('adds days within a month', () => {
    expect(addDays({ year: 2026, month: 3, day: 10 }, 5)).toEqual({ year: 2026, month: 3, day: 15 });
  });

  it('crosses month ends', () => {
    expect(addDays({ year: 2026, month: 1, day: 31 }, 1)).toEqual({ year: 2026, month: 2, day: 1 });
    expect(addDays({ year: 2026, month: 2, day: 28 }, 1)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 5, day: 1 }, -1)).toEqual({ year: 2026, month: 4, day: 30 });
  });

  it('crosses year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2027, month: 1, day: 1 }, -1)).toEqual({ year: 2026, month: 12, day: 31 });
  });
});

describe('isoDate', () => {
  it('pads month and day to two digits', () => {
    expect(isoDate({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
  });

  it('leaves two-digit month and day alone', () => {
    expect(isoDate({ year: 2026, month: 12, day: 31 })).toBe('2026-12-31');
  });
});
