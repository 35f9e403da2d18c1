import { type CartDonation, DONATION_MAX_QUANTITY, type DonationFund } from '../../api/contract/donations.ts';
import type { DonationLine } from '../../state/purchase.ts';

/** The donation rules as pure functions; the box office checks them again at the commit. */

/** Why a chosen donation cannot be given as it stands: a text key, and amounts (agorot) shown as prices. */
export interface DonationProblem {
  key: string;
  params?: Record<string, number>;
  money?: Record<string, number>;
}

/** The first thing wrong with a donation that has a quantity, or null when it can be given. */
export function donationProblem(line: DonationLine, fund: DonationFund): DonationProblem | null {
  if (line.quantity <= 0) return null;
  if (line.custom) {
    const bounds = fund.customAmount;
    if (!bounds) return { key: 'donations.chooseAmount' };
    const money = { min: bounds.min, max: bounds.max };
    if (line.amount === null || line.amount === 0) return { key: 'donations.enterAmount', money };
    if (line.amount < bounds.min || line.amount > bounds.max)
      return { key: 'errors.donation_amount_out_of_range', money };
  } else if (!fund.amounts.some((a) => a.id === line.amountId)) {
    return { key: 'donations.chooseAmount' };
  }
  if (line.quantity > DONATION_MAX_QUANTITY)
    return { key: 'donations.maxQuantity', params: { max: DONATION_MAX_QUANTITY } };
  return null;
}

/** The choice as the next button checks it: nothing chosen is `mustSelectDonations`; else each problem by fund. */
export function checkDonations(
  lines: readonly DonationLine[],
  funds: readonly DonationFund[],
): { mustSelect: boolean; problems: Record<number, DonationProblem> } {
  const chosen = lines.filter((l) => l.quantity > 0 && funds.some((f) => f.id === l.fundId));
  const problems: Record<number, DonationProblem> = {};
  for (const l of chosen) {
    const p = donationProblem(
      l,
      funds.find((f) => f.id === l.fundId)!,
    );
    if (p) problems[l.fundId] = p;
  }
  return { mustSelect: chosen.length === 0, problems };
}

/** A donation line as the commit takes it (spec section 3: donationDetails). */
export function cartDonation(line: DonationLine): CartDonation {
  return {
    id: line.fundId,
    Code: line.code,
    donationDetails: {
      ...(line.custom || line.amountId === null ? {} : { id: line.amountId }),
      amount: line.amount ?? 0,
      customAmount: line.custom,
      selectedQuantity: line.quantity,
    },
  };
}
