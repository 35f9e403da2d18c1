import type { Locale } from '../api/contract/common.ts';
import type { AllInPrice } from './order/fees.ts';
import type { Translate } from './boardText.ts';
import { formatPrice } from './format.ts';

/** The part of a price the customer is told about: the total paid and the handling fee within it. */
export type ShownPrice = Pick<AllInPrice, 'total' | 'serviceCharge'>;

/**
 * The cheapest of some presentations' "from" prices (each the presentation's cheapest ticket all in:
 * `minPrice`, with the fee within it `minServiceCharge`); on a tie the one with the smaller fee. Null
 * when none has a price.
 */
export function lowestShownPrice(
  presentations: readonly { minPrice: number | null; minServiceCharge: number | null }[],
): ShownPrice | null {
  let best: ShownPrice | null = null;
  for (const p of presentations) {
    if (p.minPrice === null) continue;
    const shown = { total: p.minPrice, serviceCharge: p.minServiceCharge ?? 0 };
    if (
      !best ||
      shown.total < best.total ||
      (shown.total === best.total && shown.serviceCharge < best.serviceCharge)
    )
      best = shown;
  }
  return best;
}

/**
 * Where a price is first seen (the board, the video cards) it is the price paid: the total with the fee
 * in it, said so ("From ₪57 incl. fees") when there is one, the bare amount when there is none.
 */
export function fromPriceText(price: ShownPrice, locale: Locale, t: Translate): string {
  const amount = formatPrice(price.total, locale);
  return price.serviceCharge > 0
    ? t('events.priceFromInclFees', { price: amount })
    : t('events.priceFrom', { price: amount });
}

/**
 * The fee within an all-in amount, named with its amount ("incl. ₪12 handling fee"), where the amount
 * itself is shown beside it; null when there is no fee to name.
 */
export function inclFeeText(
  serviceCharge: number,
  label: string,
  locale: Locale,
  t: Translate,
): string | null {
  return serviceCharge > 0 ? t('prices.inclFee', { fee: formatPrice(serviceCharge, locale), label }) : null;
}
