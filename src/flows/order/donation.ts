import type { LocalizedText } from '../../api/contract/common.ts';
import type { CartDonation, DonationFund } from '../../api/contract/donations.ts';
import { fundOffered, type ScopedPresentation } from '../../domain/order/whatApplies.ts';

/**
 * The donation a seat order may carry as one more line (settings.donations.isOfferedInOrder): one of
 * the offered fund's fixed amounts, or an amount the donor names within the fund's bounds.
 */
export interface OrderDonation {
  fundId: number;
  fundCode: string;
  name: LocalizedText;
  /** The fund's fixed amount chosen; null: a custom amount. */
  amountId: number | null;
  /** Agorot. */
  amount: number;
}

/**
 * The fund a seat order offers: the first the box office lists that is offered with the presentation
 * (its scope: the orchestra's fund with the orchestra's shows); null: none to offer.
 */
export function offeredFund(
  funds: readonly DonationFund[] | null,
  presentation: ScopedPresentation,
): DonationFund | null {
  return funds?.find((f) => fundOffered(f.scope, presentation)) ?? null;
}

/** The donation of one of the fund's fixed amounts. */
export function fixedDonation(fund: DonationFund, amountId: number): OrderDonation | null {
  const a = fund.amounts.find((x) => x.id === amountId);
  return a
    ? { fundId: fund.id, fundCode: fund.Code, name: fund.name, amountId: a.id, amount: a.amount }
    : null;
}

/** A donation of the amount the donor names (agorot), or null when it is outside the fund's bounds. */
export function customDonation(fund: DonationFund, amount: number): OrderDonation | null {
  const b = fund.customAmount;
  if (!b || !Number.isInteger(amount) || amount < b.min || amount > b.max) return null;
  return { fundId: fund.id, fundCode: fund.Code, name: fund.name, amountId: null, amount };
}

/** The donation as the commit cart carries it (the box office prices a fixed amount itself). */
export function donationLine(d: OrderDonation): CartDonation {
  return {
    id: d.fundId,
    Code: d.fundCode,
    donationDetails: {
      ...(d.amountId !== null ? { id: d.amountId } : {}),
      amount: d.amount,
      customAmount: d.amountId === null,
      selectedQuantity: 1,
    },
  };
}
