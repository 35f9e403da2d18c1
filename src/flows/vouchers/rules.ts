import { type CartVoucher, VOUCHER_MAX_QUANTITY, type VoucherOffer } from '../../api/contract/vouchers.ts';
import type { VoucherLine } from '../../state/purchase.ts';

/**
 * The voucher shop's rules as pure functions (spec sections 3 and 9), checked as the customer chooses;
 * the box office checks them again at the commit with its own.
 */

/** Why a chosen voucher cannot be bought as it stands: a text key, and amounts (agorot) shown as prices. */
export interface LineProblem {
  key: string;
  params?: Record<string, number>;
  money?: Record<string, number>;
}

/** The vouchers left for a date of a dated offer (0 for a date it does not list). */
export function leftOn(offer: VoucherOffer, date: string | null): number {
  return offer.dates.find((d) => d.Date === date)?.Vouchers ?? 0;
}

/** How many of this voucher one order may take: at most 10, the offer's own maximum, a date's vouchers left. */
export function maxQuantity(offer: VoucherOffer, date: string | null): number {
  const most = Math.min(VOUCHER_MAX_QUANTITY, offer.maxQuantity);
  return offer.kind === 'dated' && date !== null ? Math.min(most, leftOn(offer, date)) : most;
}

/** The price of one voucher of the line: the price chosen, or the open amount named; null until known. */
export function unitPrice(line: Pick<VoucherLine, 'priceId' | 'amount'>, offer: VoucherOffer): number | null {
  if (offer.kind === 'open') return line.amount;
  return offer.Prices.find((p) => p.SystemVoucherPriceId === line.priceId)?.Price ?? null;
}

/** The first thing wrong with a chosen voucher (one with a quantity), or null when it can be bought. */
export function lineProblem(line: VoucherLine, offer: VoucherOffer): LineProblem | null {
  if (line.quantity <= 0) return null;
  if (offer.kind === 'open') {
    const min = offer.minPrice ?? 0;
    const max = offer.maxPrice ?? Number.MAX_SAFE_INTEGER;
    if (line.amount === null) return { key: 'vouchers.enterAmount', money: { min, max } };
    if (line.amount < min || line.amount > max)
      return { key: 'errors.voucher_price_out_of_range', money: { min, max } };
  } else if (!offer.Prices.some((p) => p.SystemVoucherPriceId === line.priceId)) {
    return { key: 'vouchers.choosePrice' };
  }
  if (offer.kind === 'dated') {
    if (line.date === null) return { key: 'vouchers.chooseDate' };
    const left = leftOn(offer, line.date);
    if (left === 0) return { key: 'errors.voucher_date_sold_out' };
    if (line.quantity > left) return { key: 'vouchers.onlyLeft', params: { count: left } };
  }
  const most = Math.min(VOUCHER_MAX_QUANTITY, offer.maxQuantity);
  if (line.quantity > most) return { key: 'errors.voucher_max_quantity', params: { max: most } };
  return null;
}

/**
 * The choice as the next button checks it: nothing chosen is `mustSelectVouchers`; else each chosen
 * voucher's problem by offer. Lines of offers no longer for sale are left out.
 */
export function checkChoice(
  lines: readonly VoucherLine[],
  offers: readonly VoucherOffer[],
): { mustSelect: boolean; problems: Record<number, LineProblem> } {
  const chosen = lines.filter((l) => l.quantity > 0 && offers.some((o) => o.SystemVoucherId === l.offerId));
  const problems: Record<number, LineProblem> = {};
  for (const l of chosen) {
    const p = lineProblem(
      l,
      offers.find((o) => o.SystemVoucherId === l.offerId)!,
    );
    if (p) problems[l.offerId] = p;
  }
  return { mustSelect: chosen.length === 0, problems };
}

/** A voucher line as the commit takes it: the price chosen, the open amount, or the date. */
export function cartVoucher(line: VoucherLine): CartVoucher {
  return {
    id: line.offerId,
    quantity: line.quantity,
    ...(line.kind !== 'open' && line.priceId !== null ? { priceId: line.priceId } : {}),
    ...(line.kind === 'open' && line.amount !== null ? { amount: line.amount } : {}),
    ...(line.kind === 'dated' && line.date !== null ? { date: line.date } : {}),
  };
}
