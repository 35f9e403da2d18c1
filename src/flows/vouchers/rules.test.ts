import { describe, expect, it } from 'vitest';
import type { VoucherOffer } from '../../api/contract/vouchers.ts';
import type { VoucherLine } from '../../state/purchase.ts';
import { cartVoucher, checkChoice, lineProblem, maxQuantity, unitPrice } from './rules.ts';

const base: VoucherOffer = {
  SystemVoucherId: 1,
  SystemVoucherClassId: 2,
  SystemVoucherSuperClassId: 1,
  kind: 'fixed',
  name: { en: 'Gift card' },
  description: { en: '' },
  benefit: { en: '' },
  terms: null,
  isStoredValue: true,
  uses: 0,
  Prices: [
    { SystemVoucherPriceId: 11, Price: 5000, redemptionData: { reference: null, price: 5000 } },
    { SystemVoucherPriceId: 12, Price: 10000, redemptionData: { reference: null, price: 10000 } },
  ],
  minPrice: null,
  maxPrice: null,
  dates: [],
  validityDays: 365,
  maxQuantity: 10,
};
const open: VoucherOffer = {
  ...base,
  SystemVoucherId: 2,
  kind: 'open',
  Prices: [],
  minPrice: 3000,
  maxPrice: 100000,
};
const dated: VoucherOffer = {
  ...base,
  SystemVoucherId: 4,
  kind: 'dated',
  Prices: [{ SystemVoucherPriceId: 41, Price: 18000, redemptionData: { reference: null, price: 0 } }],
  dates: [
    { Date: '2026-12-31', Vouchers: 3 },
    { Date: '2027-01-01', Vouchers: 0 },
  ],
};

const line = (o: VoucherOffer, over: Partial<VoucherLine>): VoucherLine => ({
  offerId: o.SystemVoucherId,
  kind: o.kind,
  name: o.name,
  priceId: null,
  amount: null,
  date: null,
  quantity: 1,
  unitPrice: null,
  ...over,
});

describe('voucher rules', () => {
  it('a fixed voucher needs one of its prices', () => {
    expect(lineProblem(line(base, {}), base)?.key).toBe('vouchers.choosePrice');
    expect(lineProblem(line(base, { priceId: 99 }), base)?.key).toBe('vouchers.choosePrice');
    expect(lineProblem(line(base, { priceId: 12 }), base)).toBeNull();
    expect(unitPrice({ priceId: 12, amount: null }, base)).toBe(10000);
  });

  it('an open price must lie within the minimum and maximum, both included', () => {
    expect(lineProblem(line(open, {}), open)?.key).toBe('vouchers.enterAmount');
    const low = lineProblem(line(open, { amount: 2999 }), open);
    expect(low).toEqual({ key: 'errors.voucher_price_out_of_range', money: { min: 3000, max: 100000 } });
    expect(lineProblem(line(open, { amount: 100001 }), open)?.key).toBe('errors.voucher_price_out_of_range');
    expect(lineProblem(line(open, { amount: 3000 }), open)).toBeNull();
    expect(lineProblem(line(open, { amount: 100000 }), open)).toBeNull();
    expect(unitPrice({ priceId: null, amount: 12345 }, open)).toBe(12345);
  });

  it('a dated voucher needs a date with vouchers left, and no more than are left', () => {
    expect(lineProblem(line(dated, { priceId: 41 }), dated)?.key).toBe('vouchers.chooseDate');
    expect(lineProblem(line(dated, { priceId: 41, date: '2027-01-01' }), dated)?.key).toBe(
      'errors.voucher_date_sold_out',
    );
    expect(lineProblem(line(dated, { priceId: 41, date: '2026-12-31', quantity: 4 }), dated)).toEqual({
      key: 'vouchers.onlyLeft',
      params: { count: 3 },
    });
    expect(lineProblem(line(dated, { priceId: 41, date: '2026-12-31', quantity: 3 }), dated)).toBeNull();
    expect(maxQuantity(dated, '2026-12-31')).toBe(3);
    expect(maxQuantity(dated, null)).toBe(10);
  });

  it('at most 10 of one voucher', () => {
    expect(lineProblem(line(base, { priceId: 11, quantity: 11 }), base)?.key).toBe(
      'errors.voucher_max_quantity',
    );
    expect(lineProblem(line(base, { priceId: 11, quantity: 10 }), base)).toBeNull();
  });

  it('nothing chosen is mustSelectVouchers; lines without a quantity are not chosen', () => {
    expect(checkChoice([], [base]).mustSelect).toBe(true);
    expect(checkChoice([line(base, { quantity: 0 })], [base]).mustSelect).toBe(true);
    const c = checkChoice([line(base, { priceId: 11 }), line(open, { amount: 10 })], [base, open]);
    expect(c.mustSelect).toBe(false);
    expect(Object.keys(c.problems)).toEqual(['2']);
  });

  it('the commit line carries what the kind needs', () => {
    expect(cartVoucher(line(base, { priceId: 11, quantity: 2 }))).toEqual({
      id: 1,
      priceId: 11,
      quantity: 2,
    });
    expect(cartVoucher(line(open, { amount: 4550 }))).toEqual({ id: 2, amount: 4550, quantity: 1 });
    expect(cartVoucher(line(dated, { priceId: 41, date: '2026-12-31' }))).toEqual({
      id: 4,
      priceId: 41,
      date: '2026-12-31',
      quantity: 1,
    });
  });
});
