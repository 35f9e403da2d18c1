import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitByVouchers, splitInstalments, voucherAmountFor } from './split.ts';

describe('instalments', () => {
  it('splits ₪250 in three as 83.34 then twice 83.33', () => {
    expect(splitInstalments(25000, 3)).toEqual({ count: 3, first: 8334, others: 8333 });
  });

  it('always adds up to the amount, the first payment never smaller and never more than n−1 agorot above the others', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 36 }), (amount, n) => {
        const s = splitInstalments(amount, n);
        expect(s.first + s.others * (s.count - 1)).toBe(amount);
        expect(s.first).toBeGreaterThanOrEqual(s.others);
        expect(s.first - s.others).toBeLessThan(n);
        expect(Number.isInteger(s.first) && Number.isInteger(s.others)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('paying part by vouchers', () => {
  it('leaves the rest to another method', () => {
    const r = splitByVouchers(10000, [{ reference: 'A', amount: 6000, available: 20000 }]);
    expect(r).toEqual({ ok: true, byVouchers: 6000, rest: 4000 });
  });

  it('refuses more than a voucher holds, more than the total, the same voucher twice, and odd amounts', () => {
    expect(splitByVouchers(10000, [{ reference: 'A', amount: 6000, available: 5000 }])).toMatchObject({
      ok: false,
      problem: { code: 'voucherBalance' },
    });
    expect(
      splitByVouchers(10000, [
        { reference: 'A', amount: 6000, available: 9000 },
        { reference: 'B', amount: 6000, available: 9000 },
      ]),
    ).toMatchObject({ ok: false, problem: { code: 'voucher_over_total' } });
    expect(
      splitByVouchers(10000, [
        { reference: 'A', amount: 100, available: 9000 },
        { reference: 'A', amount: 100, available: 9000 },
      ]),
    ).toMatchObject({ ok: false, problem: { code: 'voucher_twice' } });
    expect(splitByVouchers(10000, [{ reference: 'A', amount: 0, available: 9000 }])).toMatchObject({
      ok: false,
      problem: { code: 'voucher_amount_invalid' },
    });
  });

  it('whatever it accepts, vouchers plus the rest is the total, and no voucher pays beyond what it holds', () => {
    const voucher = fc.record({
      reference: fc.constantFrom('A', 'B', 'C', 'D'),
      amount: fc.integer({ min: -5, max: 50_000 }),
      available: fc.integer({ min: 0, max: 50_000 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(voucher, { maxLength: 4 }), (total, vs) => {
        const r = splitByVouchers(total, vs);
        if (!r.ok) return;
        expect(r.byVouchers + r.rest).toBe(total);
        expect(r.rest).toBeGreaterThanOrEqual(0);
        for (const v of vs) expect(v.amount).toBeLessThanOrEqual(v.available);
      }),
      { numRuns: 500 },
    );
  });

  it('the voucher dialog offers at most the balance and at most what is due', () => {
    expect(voucherAmountFor(5000, 12000)).toBe(5000);
    expect(voucherAmountFor(50000, 12000)).toBe(12000);
    expect(voucherAmountFor(0, 12000)).toBe(0);
  });
});
