import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replacementDates } from './voucherReplacement.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-27T10:00:00Z');

describe('a replacement voucher’s dates', () => {
  it('keeps a gift card’s later validity (the issue’s example)', () => {
    const until = Date.parse('2027-11-27T21:59:00Z');
    expect(replacementDates(until, NOW, 30)).toEqual({ startDate: NOW, endDate: until, keptOwnEnd: true });
  });

  it('gives a voucher about to lapse the venue’s full exchange window', () => {
    expect(replacementDates(NOW + 3 * DAY, NOW, 30)).toEqual({
      startDate: NOW,
      endDate: NOW + 30 * DAY,
      keptOwnEnd: false,
    });
  });

  it('never ends before the voucher did, nor before the venue’s window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: NOW - 400 * DAY, max: NOW + 800 * DAY }),
        fc.integer({ min: 1, max: 365 }),
        (end, days) => {
          const r = replacementDates(end, NOW, days);
          expect(r.endDate).toBeGreaterThanOrEqual(end);
          expect(r.endDate).toBeGreaterThanOrEqual(NOW + days * DAY);
          expect([end, NOW + days * DAY]).toContain(r.endDate);
          expect(r.keptOwnEnd).toBe(r.endDate === end && end !== NOW + days * DAY);
        },
      ),
    );
  });
});
