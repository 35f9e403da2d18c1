import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './format.ts';
import { fromPriceText, inclFeeText, lowestShownPrice } from './priceText.ts';

/** A translation that shows its key and parameters, so a test sees which text was chosen with what. */
const t = (key: string, params?: Record<string, string | number>) => `${key} ${JSON.stringify(params ?? {})}`;

const amount = fc.integer({ min: 0, max: 1_000_000 });
const showtime = fc.oneof(
  fc.constant({ minPrice: null, minServiceCharge: null }),
  fc
    .tuple(amount, amount)
    .map(([price, fee]) => ({ minPrice: price + fee, minServiceCharge: fee as number | null })),
);

describe('the price first seen', () => {
  it('says the fees are in it when there are any, and is the bare amount when there are none', () => {
    expect(fromPriceText({ total: 5700, serviceCharge: 1200 }, 'en', t)).toBe(
      `events.priceFromInclFees {"price":"${formatPrice(5700, 'en')}"}`,
    );
    expect(fromPriceText({ total: 4500, serviceCharge: 0 }, 'en', t)).toBe(
      `events.priceFrom {"price":"${formatPrice(4500, 'en')}"}`,
    );
  });

  it('always shows the total paid, with "incl. fees" exactly when a fee is in it', () => {
    fc.assert(
      fc.property(amount, amount, (price, fee) => {
        const text = fromPriceText({ total: price + fee, serviceCharge: fee }, 'he', t);
        expect(text).toContain(JSON.stringify(formatPrice(price + fee, 'he')));
        expect(text.startsWith('events.priceFromInclFees')).toBe(fee > 0);
      }),
    );
  });

  it("is the cheapest showtime's price, with that showtime's fee", () => {
    fc.assert(
      fc.property(fc.array(showtime, { maxLength: 8 }), (shows) => {
        const best = lowestShownPrice(shows);
        const priced = shows.filter((s) => s.minPrice !== null);
        if (priced.length === 0) {
          expect(best).toBeNull();
          return;
        }
        expect(best!.total).toBe(Math.min(...priced.map((s) => s.minPrice!)));
        expect(priced).toContainEqual({ minPrice: best!.total, minServiceCharge: best!.serviceCharge });
      }),
    );
  });

  it('names a fee with its amount, and nothing when there is none', () => {
    expect(inclFeeText(1200, 'handling fee', 'en', t)).toBe(
      `prices.inclFee {"fee":"${formatPrice(1200, 'en')}","label":"handling fee"}`,
    );
    expect(inclFeeText(0, 'handling fee', 'en', t)).toBeNull();
  });
});
