import { describe, expect, it } from 'vitest';
import type { DonationFund } from '../../api/contract/donations.ts';
import type { DonationLine } from '../../state/purchase.ts';
import { cartDonation, checkDonations, donationProblem } from './rules.ts';

const fund: DonationFund = {
  id: 1,
  Code: 'YOUNG-MUSICIANS',
  name: { en: 'Young Musicians Fund' },
  description: { en: '' },
  amounts: [
    { id: 11, amount: 1800 },
    { id: 12, amount: 3600 },
  ],
  customAmount: { min: 1000, max: 1_000_000 },
};
const line = (over: Partial<DonationLine>): DonationLine => ({
  fundId: 1,
  code: 'YOUNG-MUSICIANS',
  name: fund.name,
  amountId: null,
  amount: null,
  custom: false,
  quantity: 1,
  ...over,
});

describe('donation rules', () => {
  it('a fixed donation is one of the fund’s amounts', () => {
    expect(donationProblem(line({}), fund)?.key).toBe('donations.chooseAmount');
    expect(donationProblem(line({ amountId: 12, amount: 3600 }), fund)).toBeNull();
  });

  it('a custom amount lies within the fund’s bounds', () => {
    expect(donationProblem(line({ custom: true }), fund)?.key).toBe('donations.enterAmount');
    expect(donationProblem(line({ custom: true, amount: 999 }), fund)).toEqual({
      key: 'errors.donation_amount_out_of_range',
      money: { min: 1000, max: 1_000_000 },
    });
    expect(donationProblem(line({ custom: true, amount: 1000 }), fund)).toBeNull();
    expect(donationProblem(line({ custom: true, amount: 1_000_001 }), fund)?.key).toBe(
      'errors.donation_amount_out_of_range',
    );
    const fixedOnly = { ...fund, customAmount: null };
    expect(donationProblem(line({ custom: true, amount: 5000 }), fixedOnly)?.key).toBe(
      'donations.chooseAmount',
    );
  });

  it('nothing chosen is mustSelectDonations', () => {
    expect(checkDonations([], [fund]).mustSelect).toBe(true);
    expect(checkDonations([line({ quantity: 0, amountId: 11 })], [fund]).mustSelect).toBe(true);
    expect(checkDonations([line({ amountId: 11, amount: 1800 })], [fund])).toEqual({
      mustSelect: false,
      problems: {},
    });
  });

  it('the commit line says whether the amount is custom', () => {
    expect(cartDonation(line({ amountId: 11, amount: 1800, quantity: 2 }))).toEqual({
      id: 1,
      Code: 'YOUNG-MUSICIANS',
      donationDetails: { id: 11, amount: 1800, customAmount: false, selectedQuantity: 2 },
    });
    expect(cartDonation(line({ custom: true, amount: 5000 }))).toEqual({
      id: 1,
      Code: 'YOUNG-MUSICIANS',
      donationDetails: { amount: 5000, customAmount: true, selectedQuantity: 1 },
    });
  });
});
