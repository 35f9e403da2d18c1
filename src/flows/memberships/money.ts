import type { Locale } from '../../api/contract/common.ts';
import { formatPrice } from '../../i18n/format.ts';

/** Minor units in a membership price's currency: the venue's own as every price, others by Intl. */
export function formatMoney(amount: number, currencyCode: string, locale: Locale): string {
  if (currencyCode === 'ILS') return formatPrice(amount, locale);
  const tag = locale === 'ar' ? 'ar-IL-u-nu-latn' : locale === 'he' ? 'he-IL' : locale;
  return new Intl.NumberFormat(tag, { style: 'currency', currency: currencyCode }).format(amount / 100);
}
