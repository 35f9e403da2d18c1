import type { Locale, LocalizedText } from '../api/contract/common.ts';
import type { PlaceAddress } from '../api/contract/venueAddress.ts';

/**
 * A venue's street address as the shop and the box office write it (the e-ticket, the order page's
 * heading, the confirmation e-mail, calendar files, search engines' data). Pure.
 */

/** An address in one language: what schema.org's PostalAddress and the printed line need. */
export interface AddressParts {
  street: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * The text in the language, then English, then Hebrew, then any; blanks count as missing (the back
 * office's form may keep an empty box for a language).
 */
function filledIn(text: LocalizedText, locale: Locale): string {
  for (const v of [text[locale], text.en, text.he, ...Object.values(text)]) {
    const s = v?.trim();
    if (s) return s;
  }
  return '';
}

/** The address in the language (each of street and city falling back on its own); null: no address. */
export function addressIn(a: PlaceAddress | null | undefined, locale: Locale): AddressParts | null {
  if (!a) return null;
  const street = filledIn(a.street, locale);
  const city = filledIn(a.city, locale);
  if (!street && !city) return null;
  return { street, city, postalCode: a.postalCode.trim(), country: a.country };
}

/** "street, city" in the language (Arabic's comma in Arabic); null when there is no address to show. */
export function addressLine(a: PlaceAddress | null | undefined, locale: Locale): string | null {
  const parts = addressIn(a, locale);
  if (!parts) return null;
  return [parts.street, parts.city].filter(Boolean).join(locale === 'ar' ? '، ' : ', ');
}
