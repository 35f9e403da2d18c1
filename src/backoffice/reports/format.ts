import type { Locale } from '../../api/contract/common.ts';
import { intlTag } from '../../i18n/format.ts';

const percents = new Map<Locale, Intl.NumberFormat>();

/** Per mille (an integer) → '42.5%' in the staff user's language; the division is for display only. */
export function formatPermille(permille: number, locale: Locale): string {
  let f = percents.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(intlTag(locale), { style: 'percent', maximumFractionDigits: 1 });
    percents.set(locale, f);
  }
  return f.format(permille / 1000);
}
