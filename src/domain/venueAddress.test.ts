import { describe, expect, it } from 'vitest';
import type { PlaceAddress } from '../api/contract/venueAddress.ts';
import { addressIn, addressLine } from './venueAddress.ts';

const rothschild: PlaceAddress = {
  street: { he: 'שדרות רוטשילד 30', en: '30 Rothschild Blvd', ar: 'جادة روتشيلد 30', ru: ' ' },
  city: { he: 'תל אביב-יפו', en: 'Tel Aviv-Yafo', ar: 'تل أبيب - يافا' },
  postalCode: ' 6688312 ',
  country: 'IL',
};

describe('venueAddress', () => {
  it('gives the address in the language, each part falling back to English, then Hebrew, then any', () => {
    expect(addressIn(rothschild, 'he')).toEqual({
      street: 'שדרות רוטשילד 30',
      city: 'תל אביב-יפו',
      postalCode: '6688312',
      country: 'IL',
    });
    // A blank box counts as missing.
    expect(addressIn(rothschild, 'ru')).toMatchObject({
      street: '30 Rothschild Blvd',
      city: 'Tel Aviv-Yafo',
    });
    expect(addressIn({ ...rothschild, street: { pl: 'Bulwar Rothschilda 30' }, city: {} }, 'en')).toEqual({
      street: 'Bulwar Rothschilda 30',
      city: '',
      postalCode: '6688312',
      country: 'IL',
    });
  });

  it('writes one line, street and city, with Arabic’s comma in Arabic', () => {
    expect(addressLine(rothschild, 'en')).toBe('30 Rothschild Blvd, Tel Aviv-Yafo');
    expect(addressLine(rothschild, 'he')).toBe('שדרות רוטשילד 30, תל אביב-יפו');
    expect(addressLine(rothschild, 'ar')).toBe('جادة روتشيلد 30، تل أبيب - يافا');
    expect(addressLine({ ...rothschild, street: {} }, 'en')).toBe('Tel Aviv-Yafo');
  });

  it('has nothing to show for a venue without an address, or one with neither street nor city', () => {
    expect(addressLine(null, 'en')).toBeNull();
    expect(addressLine(undefined, 'he')).toBeNull();
    expect(addressIn({ ...rothschild, street: { en: '' }, city: {} }, 'en')).toBeNull();
  });
});
