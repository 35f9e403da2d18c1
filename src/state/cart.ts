import { proxy } from 'valtio';
import type { LocalizedText } from '../api/contract/common.ts';
import type { LockSeat } from '../api/contract/seats.ts';
import { api } from '../api/endpoints.ts';
import {
  type CartEntry,
  type CartState,
  removePresentation as removeEntry,
  selectPresentation as selectEntry,
  setSeats,
} from '../domain/cart.ts';

/** What the shop shows of a presentation in the cart, and what it needs to release its seats. */
export interface CartPresentationInfo extends Omit<CartEntry, 'seats'> {
  venueId: number;
  seatplanId: number;
  title: LocalizedText;
  dateTime: string;
}

interface ShopCart extends CartState {
  info: Record<number, CartPresentationInfo>;
}

/** The visitor's cart (spec section 4), kept in memory and mirrored to the box office (POST /cart). */
export const cart = proxy<ShopCart>({ presentations: [], reservationIdentifier: null, info: {} });

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
async function release(entries: CartEntry[]) {
  await Promise.allSettled(
    entries.flatMap((e) => {
      const info = cart.info[e.presentationId];
      if (!info) return [];
      const base: Omit<LockSeat, 'VenueSectionId'> = {
        PresentationId: e.presentationId,
        VenueId: info.venueId,
        VenueSeatplanId: info.seatplanId,
        TicketGroupId: 1,
      };
      return e.seats.map((s) =>
        api.unlockSeat({ ...base, VenueSectionId: s.sectionId, XCoordinate: s.x, YCoordinate: s.y }),
      );
    }),
  );
}

/** Puts a presentation in the cart; answers the rule it breaks, if any, with the entries in its way. */
export async function selectPresentation(p: CartPresentationInfo) {
  cart.info[p.presentationId] = p;
  const r = selectEntry(cart, p);
  if ('error' in r) return r;
  await release(r.removed);
  replace(r.cart);
  return null;
}

/** Removes a presentation from the cart and releases its seats (spec section 4). */
export async function removePresentation(presentationId: number) {
  const r = removeEntry(cart, presentationId);
  await release(r.removed);
  replace(r.cart);
}

export function updateSeats(presentationId: number, seats: CartEntry['seats']) {
  replace(setSeats(cart, presentationId, seats));
}

export function completeOrder(presentationId: number, reservationIdentifier: string) {
  replace({ ...removeEntry(cart, presentationId).cart, reservationIdentifier });
}
