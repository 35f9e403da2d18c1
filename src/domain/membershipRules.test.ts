import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountAmount,
  hasMixedCurrencies,
  invalidReference,
  isRenewable,
  membershipUnitPrice,
  RENEWAL_GRACE_DAYS,
  RENEWAL_WINDOW_DAYS,
  samePriceCode,
} from './membershipRules.ts';

const STUDENT = [{ id: 'studentCard', pattern: '^\\d{6,9}$' }];

describe('membership rules', () => {
  it('checks references against their patterns', () => {
    expect(invalidReference(STUDENT, { studentCard: '1234567' })).toBeNull();
    expect(invalidReference(STUDENT, { studentCard: '12345' })).toBe('studentCard');
    expect(invalidReference(STUDENT, {})).toBe('studentCard');
    expect(invalidReference(STUDENT, undefined)).toBe('studentCard');
    expect(invalidReference([], undefined)).toBeNull();
    expect(invalidReference([{ id: 'bad', pattern: '(' }], { bad: 'x' })).toBe('bad');
  });

  it('accepts exactly the digit strings of 6 to 9 digits (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const ok = /^\d{6,9}$/.test(s.trim());
        expect(invalidReference(STUDENT, { studentCard: s }) === null).toBe(ok);
      }),
    );
  });

  it('takes an integer discount, never more than the price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (price, pct) => {
        const d = discountAmount(price, pct);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(price);
        expect(Math.abs(d - (price * pct) / 100)).toBeLessThanOrEqual(0.5);
        expect(membershipUnitPrice(price, pct)).toBe(price - d);
      }),
    );
    expect(membershipUnitPrice(45000, 15)).toBe(38250);
    expect(membershipUnitPrice(45000, null)).toBe(45000);
  });

  it('finds mixed currencies and compares price codes without case', () => {
    expect(hasMixedCurrencies(['ILS', 'ILS'])).toBe(false);
    expect(hasMixedCurrencies(['ILS', 'EUR'])).toBe(true);
    expect(hasMixedCurrencies([])).toBe(false);
    expect(samePriceCode(' young26', 'YOUNG26')).toBe(true);
    expect(samePriceCode(null, 'YOUNG26')).toBe(false);
  });
});

describe('isRenewable', () => {
  it('opens 60 days before the end and closes a year after it', () => {
    expect(isRenewable('2026-12-31', '2026-11-01')).toBe(true);
    expect(isRenewable('2027-01-01', '2026-11-01')).toBe(false);
    expect(isRenewable('2026-11-01', '2026-11-01')).toBe(true);
    expect(isRenewable('2025-11-01', '2026-11-01')).toBe(true);
    expect(isRenewable('2025-10-31', '2026-11-01')).toBe(false);
  });
  it('is one window, whatever the dates', () => {
    const day = fc
      .integer({ min: 0, max: 20_000 })
      .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (end, today) => {
        const days = (Date.parse(end) - Date.parse(today)) / 86_400_000;
        expect(isRenewable(end, today)).toBe(days <= RENEWAL_WINDOW_DAYS && days >= -RENEWAL_GRACE_DAYS);
      }),
    );
  });
});
