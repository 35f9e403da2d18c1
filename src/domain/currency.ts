import type { PaymentMethod } from '../api/contract/order.ts';

/**
 * A currency other than the venue's (issue 16: a membership priced in EUR is charged in EUR): its ISO
 * 4217 code, the sign shown beside amounts and how many decimals its minor unit has (amounts stay
 * integers in minor units everywhere; cents for EUR, agorot for ILS).
 */
export interface CurrencyInfo {
  code: string;
  symbol: string;
  decimals: number;
}

/** The code, upper case; null when it is not a three-letter ISO 4217 code Intl knows. */
export function normalizeCurrencyCode(code: string | null | undefined): string | null {
  const c = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(c)) return null;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: c });
    return c;
  } catch {
    return null;
  }
}

/** The sign and decimals of a currency, from Intl (EUR → €, 2; JPY → ¥, 0). */
export function currencyInfo(code: string): CurrencyInfo {
  const c = normalizeCurrencyCode(code) ?? code;
  try {
    const f = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: c,
      currencyDisplay: 'narrowSymbol',
    });
    const symbol = f.formatToParts(0).find((p) => p.type === 'currency')?.value ?? c;
    return { code: c, symbol, decimals: f.resolvedOptions().maximumFractionDigits ?? 2 };
  } catch {
    return { code: c, symbol: c, decimals: 2 };
  }
}

/**
 * The currency an order is in when it is not the venue's: null for the venue's own (and for none), so
 * an order row keeps null unless it really is priced in something else.
 */
export function foreignCurrency(code: string | null | undefined, venueCode: string): string | null {
  const c = normalizeCurrencyCode(code);
  return c && c !== venueCode.toUpperCase() ? c : null;
}

/**
 * The payment methods that take an order in a currency other than the venue's: the card acquirer
 * charges it as it is; gift cards, Blik, PayPal and the hosted page are set up in the venue's currency.
 */
export const FOREIGN_CURRENCY_METHODS = ['card', 'savedCard'] as const satisfies readonly PaymentMethod[];

/** Whether `method` can pay an order in `currency` (null: the venue's, any method). */
export const takesCurrency = (method: PaymentMethod, currency: string | null): boolean =>
  currency === null || (FOREIGN_CURRENCY_METHODS as readonly PaymentMethod[]).includes(method);
