import type { Locale } from '../../api/contract/common.ts';
import { formatPrice } from '../../i18n/format.ts';

/** Minor units in a membership price's currency (the venue's, or another such as EUR, its own decimals). */
export function formatMoney(amount: number, currencyCode: string, locale: Locale): string {
  return formatPrice(amount, locale, currencyCode);
}
