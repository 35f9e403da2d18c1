import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundValue } from './refundValue.ts';

const line = fc.record({
  price: fc.integer({ min: 0, max: 100_000 }),
  serviceCharge: fc.integer({ min: 0, max: 2_000 }),
  isTicket: fc.boolean(),
});
const rule = fc.record({
  fixed: fc.integer({ min: 0, max: 5_000 }),
  percent: fc.integer({ min: 0, max: 100 }),
  perTicket: fc.boolean(),
});

describe('a staff refund of chosen lines', () => {
  it('gives back the value less the fee and the service charges kept, never less than nothing', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rule, fc.boolean(), (lines, r, foreign) => {
        const v = refundValue(lines, r, false, foreign);
        expect(v.refund + v.fee + v.kept).toBe(v.value);
        expect(v.refund).toBeGreaterThanOrEqual(0);
        expect(v.fee).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(v.refund) && Number.isInteger(v.fee)).toBe(true);
      }),
    );
  });

  it('gives everything back when the fee is waived', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), rule, (lines, r) => {
        const v = refundValue(lines, r, true, false);
        expect(v).toEqual({ value: v.value, fee: 0, kept: 0, refund: v.value });
      }),
    );
  });

  it('takes the fixed part once, or per ticket, and the percentage of the ticket prices', () => {
    const two = [
      { price: 10_000, serviceCharge: 500, isTicket: true },
      { price: 10_000, serviceCharge: 500, isTicket: true },
      { price: 2_000, serviceCharge: 0, isTicket: false },
    ];
    expect(refundValue(two, { fixed: 1_000, percent: 10, perTicket: false }, false, false)).toEqual({
      value: 23_000,
      fee: 3_000,
      kept: 1_000,
      refund: 19_000,
    });
    expect(refundValue(two, { fixed: 1_000, percent: 10, perTicket: true }, false, false).fee).toBe(4_000);
    // An order in euros pays only the percentage.
    expect(refundValue(two, { fixed: 1_000, percent: 10, perTicket: true }, false, true).fee).toBe(2_000);
  });
});
