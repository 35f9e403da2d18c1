/**
 * Field checks shared by the shop's forms and the box office (spec section 5). Pure functions: the
 * server runs the same checks on every commit, whatever the browser sent.
 */

/** Israeli ID number (teudat zehut): up to 9 digits, padded, with the Luhn-like check digit. */
export function isValidIsraeliId(value: string): boolean {
  const id = value.trim();
  if (!/^\d{5,9}$/.test(id)) return false;
  const padded = id.padStart(9, '0');
  if (/^0+$/.test(padded)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(padded[i]) * ((i % 2) + 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Israeli mobile numbers: 05X-XXXXXXX, with or without separators or the +972 prefix. */
export function normalizeIsraeliMobile(value: string): string | null {
  const digits = value.replace(/[\s\-().]/g, '');
  const local = digits.startsWith('+972')
    ? `0${digits.slice(4)}`
    : digits.startsWith('972')
      ? `0${digits.slice(3)}`
      : digits;
  return /^05\d{8}$/.test(local) ? local : null;
}

export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim()) && value.length <= 254;
}

/** Letters (any script), spaces, apostrophes, dots and dashes: names in all five languages. */
export function isLettersOnly(value: string): boolean {
  return /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u.test(value.trim());
}

export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Card number: 12 to 19 digits passing the Luhn check (spaces and dashes ignored). */
export function isValidCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Expiry as MM/YY or MM/YYYY; a card is valid through the last day of that month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function isExpiryValid(value: string, now: Date): boolean {
  const e = parseExpiry(value);
  if (!e) return false;
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth() + 1;
  if (e.year > y + 20) return false;
  return e.year > y || (e.year === y && e.month >= mo);
}

export function isValidCvv(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}

/** The last four digits: the only part of a card number the box office keeps. */
export function cardLast4(value: string): string {
  return value.replace(/\D/g, '').slice(-4);
}

export function cardBrand(value: string): 'visa' | 'mastercard' | 'amex' | 'other' {
  const d = value.replace(/\D/g, '');
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  return 'other';
}
