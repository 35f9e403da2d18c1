import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyInfo, foreignCurrency } from '../domain/currency.ts';
import { formatPrice } from './format.ts';

describe('formatPrice in a given currency', () => {
  it("formats EUR cents as euros, and the venue's currency as before", () => {
    expect(formatPrice(12000, 'en', 'EUR')).toBe('€120.00');
    expect(formatPrice(12000, 'en', 'eur')).toBe('€120.00');
    expect(formatPrice(12000, 'en')).toBe('₪120.00');
    expect(formatPrice(12000, 'en', 'ILS')).toBe('₪120.00');
    expect(formatPrice(12000, 'en', null)).toBe('₪120.00');
    expect(formatPrice(5, 'en', 'USD')).toBe('$0.05');
  });

  it('uses the currency’s own decimals and the customer’s language', () => {
    expect(formatPrice(1200, 'en', 'JPY')).toBe('¥1,200');
    expect(formatPrice(12000, 'he', 'EUR')).toContain('120.00');
    expect(formatPrice(12000, 'he', 'EUR')).toContain('€');
    expect(formatPrice(12000, 'pl', 'EUR')).toMatch(/120,00\s€/);
    expect(formatPrice(12000, 'ar', 'EUR')).toContain('120.00');
  });

  it('falls back to the venue’s currency for a code that is not one', () => {
    expect(formatPrice(4250, 'en', 'euro')).toBe('₪42.50');
    expect(formatPrice(4250, 'en', '')).toBe('₪42.50');
  });

  it('never loses a cent: the digits are the amount in minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const digits = formatPrice(cents, 'en', 'EUR').replace(/\D/g, '');
        expect(Number(digits)).toBe(cents);
      }),
    );
  });
});

describe('currencies of an order', () => {
  it('knows the sign and decimals of a currency', () => {
    expect(currencyInfo('EUR')).toEqual({ code: 'EUR', symbol: '€', decimals: 2 });
    expect(currencyInfo('JPY')).toEqual({ code: 'JPY', symbol: '¥', decimals: 0 });
  });

  it("is foreign only when it is a currency other than the venue's", () => {
    expect(foreignCurrency('EUR', 'ILS')).toBe('EUR');
    expect(foreignCurrency('ILS', 'ILS')).toBeNull();
    expect(foreignCurrency(null, 'ILS')).toBeNull();
    expect(foreignCurrency('??', 'ILS')).toBeNull();
  });
});
