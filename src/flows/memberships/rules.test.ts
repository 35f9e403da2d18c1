import { describe, expect, it } from 'vitest';
import type { MembershipPrice } from '../../api/contract/memberships.ts';
import type { MembershipLine } from '../../state/purchase.ts';
import { cannotAdd, cartMembership, checkLines, lineAmount } from './rules.ts';

const price = (over: Partial<MembershipPrice> = {}): MembershipPrice => ({
  MembershipPriceId: 102,
  PriceCode: 'YOUNG26',
  Price: 25000,
  name: { en: 'Young' },
  currency: { CurrencyId: 1, CurrencySymbol: '₪', CurrencyCode: 'ILS' },
  SystemVoucherReference: null,
  DiscountId: null,
  discount: null,
  references: [{ id: 'studentCard', label: { en: 'Student card' }, pattern: '^\\d{6,9}$' }],
  termsId: 1,
  kind: 'new',
  topUpBalance: 0,
  ...over,
});
const line = (over: Partial<MembershipLine> = {}): MembershipLine => ({
  membershipId: 1,
  code: 'FRIENDS',
  name: { en: 'Friends' },
  priceId: 102,
  priceCode: 'YOUNG26',
  priceName: { en: 'Young' },
  price: 25000,
  currencyCode: 'ILS',
  kind: 'new',
  memberNumber: null,
  references: {},
  termsAccepted: false,
  seat: null,
  ...over,
});

describe('membership choice rules (shop)', () => {
  it('asks for the references and the terms of each line, and something chosen', () => {
    const p = price();
    expect(checkLines([], () => p)).toEqual({ mustSelect: true, problems: {} });
    expect(checkLines([line()], () => p).problems[0]).toEqual({ key: 'errors.validateReferences' });
    expect(checkLines([line({ references: { studentCard: '1234567' } })], () => p).problems[0]).toEqual({
      key: 'memberships.acceptTerms',
    });
    expect(
      checkLines([line({ references: { studentCard: '1234567' }, termsAccepted: true })], () => p).problems,
    ).toEqual({});
  });

  it('refuses a third membership and a second currency before the server does', () => {
    expect(cannotAdd([line(), line()], price())).toBe('membership_max_quantity');
    const euro = price({ currency: { CurrencyId: 2, CurrencySymbol: '€', CurrencyCode: 'EUR' } });
    expect(cannotAdd([line()], euro)).toBe('membership_mixed_currencies');
    expect(cannotAdd([line()], price())).toBeNull();
  });

  it('sends the line as the cart payload takes it, and prices it less its discount', () => {
    expect(
      cartMembership(line({ references: { studentCard: '1234567' }, termsAccepted: true, seat: null })),
    ).toEqual({
      id: 1,
      priceId: 102,
      kind: 'new',
      termsAccepted: true,
      priceCode: 'YOUNG26',
      references: { studentCard: '1234567' },
    });
    const early = price({ Price: 45000, discount: { name: { en: 'Early' }, percent: 15, amount: 6750 } });
    expect(lineAmount(early, 0)).toBe(38250);
    expect(lineAmount(undefined, 123)).toBe(123);
  });
});
