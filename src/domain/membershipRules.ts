/**
 * Rules of the membership order shared by the shop and the box office (issue 16): the references a
 * price asks for, the discount a price carries, the currencies of a selection.
 */

export interface ReferenceRule {
  id: string;
  pattern: string;
}

/** The first reference whose value is missing or does not match its pattern; null when all are good. */
export function invalidReference(
  rules: readonly ReferenceRule[],
  values: Readonly<Record<string, string>> | undefined,
): string | null {
  for (const r of rules) {
    const value = (values?.[r.id] ?? '').trim();
    let re: RegExp;
    try {
      re = new RegExp(r.pattern, 'u');
    } catch {
      return r.id;
    }
    if (value.length === 0 || value.length > 100 || !re.test(value)) return r.id;
  }
  return null;
}

/** What a discount of `percent` takes off `price` (integer minor units, rounded half up, never more). */
export function discountAmount(price: number, percent: number): number {
  if (percent <= 0 || price <= 0) return 0;
  if (percent >= 100) return price;
  return Math.min(price, Math.round((price * percent) / 100));
}

/** What one membership costs at a price with this discount. */
export function membershipUnitPrice(price: number, percent: number | null): number {
  return price - discountAmount(price, percent ?? 0);
}

/** A selection mixes currencies (refused: one order is paid in one currency). */
export function hasMixedCurrencies(codes: readonly string[]): boolean {
  return new Set(codes).size > 1;
}

const CURRENCIES: Record<string, { id: number; symbol: string }> = {
  ILS: { id: 1, symbol: '₪' },
  EUR: { id: 2, symbol: '€' },
  USD: { id: 3, symbol: '$' },
};

/** The currency object of the spec's membership price. */
export function currencyOf(code: string): {
  CurrencyId: number;
  CurrencySymbol: string;
  CurrencyCode: string;
} {
  const c = CURRENCIES[code] ?? { id: 0, symbol: code };
  return { CurrencyId: c.id, CurrencySymbol: c.symbol, CurrencyCode: code };
}

/** Price codes compare without case or surrounding spaces. */
export const samePriceCode = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();

/** A calendar date (YYYY-MM-DD) `months` later; the day is kept where the month has it, else its last day. */
export function addMonthsIso(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A membership may be renewed from this many days before its end. */
export const RENEWAL_WINDOW_DAYS = 60;
/** …and until this many days after it ended (later, it is bought anew). */
export const RENEWAL_GRACE_DAYS = 365;

function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/**
 * Whether a member's membership is ending, so that it may be renewed (spec section 2: "renewal of a
 * membership that is ending"): it ends within `RENEWAL_WINDOW_DAYS` of `today`, or ended at most
 * `RENEWAL_GRACE_DAYS` ago. Calendar dates (YYYY-MM-DD) of the venue.
 */
export function isRenewable(endDate: string, today: string): boolean {
  const days = dayNumber(endDate) - dayNumber(today);
  return days <= RENEWAL_WINDOW_DAYS && days >= -RENEWAL_GRACE_DAYS;
}

/**
 * A renewal's new end date: `months` from the later of the member's end date and today (a member who
 * renews early keeps the time left; one whose membership ended starts afresh from today).
 */
export function renewedEndDate(endDate: string, today: string, months: number): string {
  return addMonthsIso(endDate > today ? endDate : today, months);
}
