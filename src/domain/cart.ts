import { VOD_VENUE_TYPES } from '../api/contract/constants.ts';

/** A presentation in the shop's cart, with the seats the visitor holds for it. */
export interface CartEntry {
  presentationId: number;
  venueTypeId: number;
  authProfileId: number;
  businessId: number;
  seats: { sectionId: number; x: number; y: number }[];
}

export interface CartState {
  presentations: CartEntry[];
  /** Set by a completed commit; a second commit of the same cart is refused. */
  reservationIdentifier: string | null;
}

export type CartRuleError = 'incompatible_auth_profile' | 'incompatible_business';

export const isVod = (venueTypeId: number) => VOD_VENUE_TYPES.has(venueTypeId);

/**
 * Selecting a presentation (spec section 4): it clears the reservation identifier; a video on demand
 * empties the rest of the cart (and a seat presentation joining a video cart replaces it); a different
 * auth profile or business cannot share the cart. Answers the new cart and the entries removed, whose
 * seats the caller releases.
 */
export function selectPresentation(
  cart: CartState,
  p: Omit<CartEntry, 'seats'>,
): { cart: CartState; removed: CartEntry[] } | { error: CartRuleError; conflicting: CartEntry[] } {
  const existing = cart.presentations.find((e) => e.presentationId === p.presentationId);
  const others = cart.presentations.filter((e) => e.presentationId !== p.presentationId);
  const dropped = isVod(p.venueTypeId) ? others : others.filter((e) => isVod(e.venueTypeId));
  const kept = others.filter((e) => !dropped.includes(e));
  const authConflict = kept.filter((e) => e.authProfileId !== p.authProfileId);
  if (authConflict.length) return { error: 'incompatible_auth_profile', conflicting: authConflict };
  const businessConflict = kept.filter((e) => e.businessId !== p.businessId);
  if (businessConflict.length) return { error: 'incompatible_business', conflicting: businessConflict };
  return {
    cart: {
      presentations: [...kept, existing ?? { ...p, seats: [] }],
      reservationIdentifier: null,
    },
    removed: dropped,
  };
}

/** Removing a presentation: its seats are to be released by the caller. */
export function removePresentation(
  cart: CartState,
  presentationId: number,
): { cart: CartState; removed: CartEntry[] } {
  const removed = cart.presentations.filter((e) => e.presentationId === presentationId);
  return {
    cart: { ...cart, presentations: cart.presentations.filter((e) => e.presentationId !== presentationId) },
    removed,
  };
}

export function setSeats(cart: CartState, presentationId: number, seats: CartEntry['seats']): CartState {
  return {
    ...cart,
    presentations: cart.presentations.map((e) => (e.presentationId === presentationId ? { ...e, seats } : e)),
  };
}
