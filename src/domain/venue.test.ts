import { describe, expect, it } from 'vitest';
import { wallTime } from '../../server/seed/calendar.ts';
import { addDaysIso, businessDate, calendarDate } from './venue.ts';

describe('calendarDate', () => {
  it('gives the Jerusalem date of an instant, whatever the machine’s zone', () => {
    expect(calendarDate(Date.parse('2026-03-10T22:30:00Z'))).toBe('2026-03-11');
    expect(calendarDate(Date.parse('2026-03-10T21:30:00Z'))).toBe('2026-03-10');
  });

  it('follows summer time (UTC+3)', () => {
    expect(calendarDate(Date.parse('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
    expect(calendarDate(Date.parse('2026-07-01T20:59:00Z'))).toBe('2026-07-01');
  });

  it('reads another zone when given one', () => {
    expect(calendarDate(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Warsaw')).toBe('2026-11-24');
    expect(calendarDate(Date.parse('2026-11-23T22:30:00Z'), 'Europe/Warsaw')).toBe('2026-11-23');
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

describe('addDaysIso', () => {
  it('adds days within a month', () => {
    expect(addDaysIso('2026-03-10', 1)).toBe('2026-03-11');
    expect(addDaysIso('2026-03-10', 0)).toBe('2026-03-10');
  });

  it('crosses month ends', () => {
    expect(addDaysIso('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDaysIso('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('crosses year ends in both directions', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDaysIso('2026-12-25', 14)).toBe('2027-01-08');
  });

  it('is not disturbed by the daylight-saving change', () => {
    expect(addDaysIso('2026-03-26', 1)).toBe('2026-03-27');
    expect(addDaysIso('2026-03-27', 1)).toBe('2026-03-28');
    expect(addDaysIso('2026-10-24', 2)).toBe('2026-10-26');
  });
});
