import { proxy } from 'valtio';
import type { CartBody } from '../api/contract/cart.ts';
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

export type CartCustomerInfo = NonNullable<CartBody['cart']['customerInfo']>;

interface ShopCart extends CartState {
  info: Record<number, CartPresentationInfo>;
  /** The customer's details from their last order of this session (they prefill the next one). */
  customerInfo: CartCustomerInfo | null;
  /** Restored from the box office (GET /cart) on load. */
  restored: boolean;
}

/**
 * The visitor's cart (spec section 4). The box office keeps it in the visitor's session (POST /cart on
 * every change, GET /cart on load), so a reload or a second tab finds the same cart.
 */
export const cart = proxy<ShopCart>({
  presentations: [],
  reservationIdentifier: null,
  info: {},
  customerInfo: null,
  restored: false,
});

/** Settles once the stored cart has been read: no write may overwrite it before. */
let restoring: Promise<void> = Promise.resolve();

/** A write is under way; `dirty` says the cart changed since it was taken. */
let writing: Promise<void> | null = null;
let dirty = false;

/**
 * Stores the cart at the box office: one write at a time, always of the latest cart, so a burst of
 * changes (joining the cart, then its seats) sends at most one more, and an older cart never lands
 * after a newer one.
 */
function save() {
  dirty = true;
  writing ??= flush();
}

async function flush(): Promise<void> {
  await restoring;
  while (dirty) {
    dirty = false;
    await api
      .saveCart({
        presentations: cart.presentations.map((e) => ({ presentationId: e.presentationId, seats: e.seats })),
        vouchers: [],
        customerInfo: cart.customerInfo,
      })
      .catch(() => undefined);
  }
  writing = null;
}

function replace(next: CartState) {
  cart.presentations = next.presentations;
  cart.reservationIdentifier = next.reservationIdentifier;
  save();
}

/**
 * Restores the cart the box office keeps for this visitor. Its seats are those still held; entries
 * the shop added meanwhile (an order page that loaded first) are kept.
 */
export function restoreCart(
  /** The box office's answer, when already asked for (a drawn page asks early, applies it once hydrated). */
  answer: ReturnType<typeof api.loadCart> = api.loadCart(),
): Promise<void> {
  restoring = load(answer);
  return restoring;
}

async function load(answer: ReturnType<typeof api.loadCart>): Promise<void> {
  try {
    const { cart: stored } = await answer;
    const known = new Set(cart.presentations.map((e) => e.presentationId));
    for (const p of stored.presentations) {
      const { seats, ...info } = p;
      cart.info[p.presentationId] = info;
      if (!known.has(p.presentationId)) cart.presentations.push({ ...info, seats });
    }
    cart.customerInfo ??= stored.customerInfo;
  } catch {
    // Nothing kept, or the box office is unreachable: the cart starts empty.
  } finally {
    cart.restored = true;
  }
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

/** Keeps the customer's details of an order for the next one of this session. */
export function rememberCustomerInfo(info: CartCustomerInfo) {
  cart.customerInfo = info;
  save();
}

/** Forgets the kept details (a customer logging out on a shared computer leaves none behind). */
export function forgetCustomerInfo() {
  if (cart.customerInfo === null) return;
  cart.customerInfo = null;
  save();
}

/**
 * Reset (spec section 4): empties the cart, releasing every seat in it, and forgets the customer's
 * details unless asked to keep them.
 */
export async function resetCart(options: { keepCustomerInfo: boolean }) {
  const entries = cart.presentations;
  cart.presentations = [];
  cart.reservationIdentifier = null;
  if (!options.keepCustomerInfo) cart.customerInfo = null;
  save();
  await release(entries);
}
