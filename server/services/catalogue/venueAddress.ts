import { type PlaceAddress, VenueAddressSchema } from '../../../src/api/contract/venueAddress.ts';

/**
 * A venue's `address_json` as the shop's answers carry it: null when the venue has none, or when what is
 * stored does not read as an address (then the answers leave it out rather than fail on it).
 */
export function readVenueAddress(json: string | null | undefined): PlaceAddress | null {
  if (!json) return null;
  try {
    const parsed = VenueAddressSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The answer's `venueAddress` field: present only when the venue has an address. */
export function venueAddressField(json: string | null | undefined): { venueAddress?: PlaceAddress } {
  const address = readVenueAddress(json);
  return address ? { venueAddress: address } : {};
}
