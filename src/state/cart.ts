import { proxy } from 'valtio';
import { api } from '../api/endpoints.ts';
import type { LockSeat } from '../api/contract/seats.ts';
import {
  type CartEntry,
  type CartState,
  removePresentation as removeEntry,
  selectPresentation as selectEntry,
  setSeats,
} from '../domain/cart.ts';

/** The visitor's cart (spec section 4), kept in memory and mirrored to the box office (POST /cart). */
export const cart = proxy<CartState>({ presentations: [], reservationIdentifier: null });

function replace(next: CartState) {
  cart.presentations = next.presentations;
  cart.reservationIdentifier = next.reservationIdentifier;
  void api
    .saveCart({
      presentations: next.presentations.map((e) => ({ presentationId: e.presentationId, seats: e.seats })),
      vouchers: [],
    })
    .catch(() => undefined);
}

/** Releases the seats of cart entries that leave the cart. */
async function release(entries: CartEntry[], seatOf: (e: CartEntry) => Omit<LockSeat, 'VenueSectionId'>) {
  await Promise.allSettled(
    entries.flatMap((e) =>
      e.seats.map((s) =>
        api.unlockSeat({ ...seatOf(e), VenueSectionId: s.sectionId, XCoordinate: s.x, YCoordinate: s.y }),
      ),
    ),
  );
}

export interface CartPresentationInfo extends Omit<CartEntry, 'seats'> {
  venueId: number;
  seatplanId: number;
}

const known = new Map<number, CartPresentationInfo>();

function lockSeatOf(e: CartEntry): Omit<LockSeat, 'VenueSectionId'> {
  const info = known.get(e.presentationId);
  return {
    PresentationId: e.presentationId,
    VenueId: info?.venueId ?? 1,
    VenueSeatplanId: info?.seatplanId ?? 1,
    TicketGroupId: 1,
  };
}

/** Puts a presentation in the cart; answers the rule it breaks, if any, with the entries in its way. */
export async function selectPresentation(p: CartPresentationInfo) {
  known.set(p.presentationId, p);
  const r = selectEntry(cart, p);
  if ('error' in r) return r;
  await release(r.removed, lockSeatOf);
  replace(r.cart);
  return null;
}

export async function removePresentation(presentationId: number) {
  const r = removeEntry(cart, presentationId);
  await release(r.removed, lockSeatOf);
  replace(r.cart);
}

export function updateSeats(presentationId: number, seats: CartEntry['seats']) {
  replace(setSeats(cart, presentationId, seats));
}

export function completeOrder(presentationId: number, reservationIdentifier: string) {
  replace({ ...removeEntry(cart, presentationId).cart, reservationIdentifier });
}
