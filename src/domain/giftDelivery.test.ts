import { describe, expect, it } from 'vitest';
import {
  cleanGiftText,
  giftDateWindow,
  giftSendAt,
  isGiftDateAllowed,
  lastValidDate,
} from './giftDelivery.ts';

// 2026-11-22 23:30 in Israel (21:30 UTC): the calendar date there is already the 22nd, not the 23rd.
const LATE = Date.parse('2026-11-22T21:30:00Z');
const TZ = 'Asia/Jerusalem';

describe('gift delivery dates', () => {
  it('runs from today on the venue’s clocks to the last day every card is valid', () => {
    const year = lastValidDate(LATE, { validityDays: 365, date: null }, TZ);
    expect(year).toBe('2027-11-21');
    expect(lastValidDate(LATE, { validityDays: 1, date: null }, TZ)).toBe('2026-11-22');
    expect(lastValidDate(LATE, { validityDays: 365, date: '2026-12-31' }, TZ)).toBe('2026-12-31');
    const w = giftDateWindow(LATE, [year, '2026-12-31'], TZ);
    expect(w).toEqual({ first: '2026-11-22', last: '2026-12-31' });
    expect(isGiftDateAllowed('2026-11-22', w)).toBe(true);
    expect(isGiftDateAllowed('2026-12-31', w)).toBe(true);
    expect(isGiftDateAllowed('2026-11-21', w)).toBe(false);
    expect(isGiftDateAllowed('2027-01-01', w)).toBe(false);
    expect(isGiftDateAllowed('2026-12-1', w)).toBe(false);
  });

  it('sends a gift for today at once, and one for a later day at 08:00 there', () => {
    expect(giftSendAt('2026-11-22', LATE, TZ)).toBe(LATE);
    // Israel is on winter time (UTC+2) in November.
    expect(giftSendAt('2026-11-23', LATE, TZ)).toBe(Date.parse('2026-11-23T06:00:00Z'));
  });
});

describe('cleanGiftText', () => {
  it('drops control and direction-override characters and keeps the lines of a message', () => {
    expect(cleanGiftText('  Happy\r\nbirthday\u202E!\u0007\n\n\n\nLove,  Dana  ', true)).toBe(
      'Happy\nbirthday!\n\nLove, Dana',
    );
    expect(cleanGiftText(' Noa\n\tBarak\u200F ', false)).toBe('Noa Barak');
    // HTML stays as typed: the e-mail escapes it.
    expect(cleanGiftText('<b>hi</b>', true)).toBe('<b>hi</b>');
  });
});
