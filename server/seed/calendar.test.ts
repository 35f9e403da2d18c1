import { describe, expect, it } from 'vitest';
import { addDays, businessDate, isoDate, wallDateAt, wallTime } from './calendar.ts';

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

describe('businessDate', () => {
  it('puts a show at 00:15 on the previous date', () => {
    expect(businessDate(wallTime({ year: 2026, month: 3, day: 11 }, 0, 15))).toBe('2026-03-10');
  });

  it('puts a show at 04:59 on the previous date', () => {
    expect(businessDate(wallTime({ year: 2026, month: 7, day: 2 }, 4, 59))).toBe('2026-07-01');
  });

  it('puts a show at 05:00 on its own date', () => {
    expect(businessDate(wallTime({ year: 2026, month: 3, day: 11 }, 5, 0))).toBe('2026-03-11');
  });

  it('puts a late-evening show on its own date', () => {
    // 23:30 in summer is 20:30 UTC: same date in both.
    expect(businessDate(wallTime({ year: 2026, month: 7, day: 1 }, 23, 30))).toBe('2026-07-01');
  });

  it('crosses month and year ends for after-midnight shows', () => {
    expect(businessDate(wallTime({ year: 2027, month: 1, day: 1 }, 0, 30))).toBe('2026-12-31');
    expect(businessDate(wallTime({ year: 2026, month: 4, day: 1 }, 1, 0))).toBe('2026-03-31');
  });

  it('uses Jerusalem hours, not UTC hours', () => {
    // 02:30 UTC is 05:30 in Jerusalem in summer: its own date, though UTC hour is before 05.
    expect(businessDate(Date.parse('2026-07-01T02:30:00Z'))).toBe('2026-07-01');
    // 22:30 UTC on 10 March is 00:30 on 11 March in Jerusalem: business date 10 March.
    expect(businessDate(Date.parse('2026-03-10T22:30:00Z'))).toBe('2026-03-10');
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
