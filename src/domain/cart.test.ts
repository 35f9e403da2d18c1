import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartEntry, type CartState, removePresentation, selectPresentation } from './cart.ts';

const entry = (id: number, over: Partial<CartEntry> = {}): CartEntry => ({
  presentationId: id,
  venueTypeId: 1,
  authProfileId: 1,
  businessId: 1,
  seats: [{ sectionId: 1, x: id, y: 1 }],
  ...over,
});
const cartOf = (...entries: CartEntry[]): CartState => ({
  presentations: entries,
  reservationIdentifier: 'R1',
});

describe('cart rules (spec section 4)', () => {
  it('adds a compatible presentation and clears the reservation identifier', () => {
    const r = selectPresentation(cartOf(entry(1)), entry(2));
    expect('cart' in r && r.cart.presentations.map((e) => e.presentationId)).toEqual([1, 2]);
    expect('cart' in r && r.cart.reservationIdentifier).toBeNull();
  });

  it('empties the rest of the cart when a video on demand is selected, handing back what left', () => {
    const r = selectPresentation(cartOf(entry(1), entry(2)), entry(3, { venueTypeId: 101 }));
    if (!('cart' in r)) throw new Error('refused');
    expect(r.cart.presentations.map((e) => e.presentationId)).toEqual([3]);
    expect(r.removed.map((e) => e.presentationId)).toEqual([1, 2]);
  });

  it('refuses a different auth profile or business, naming the entries in the way', () => {
    expect(selectPresentation(cartOf(entry(1)), entry(2, { authProfileId: 2 }))).toMatchObject({
      error: 'incompatible_auth_profile',
      conflicting: [{ presentationId: 1 }],
    });
    expect(selectPresentation(cartOf(entry(1)), entry(2, { businessId: 2 }))).toMatchObject({
      error: 'incompatible_business',
    });
  });

  it('keeps the seats of a presentation selected again', () => {
    const r = selectPresentation(cartOf(entry(1)), entry(1, { seats: [] }));
    expect('cart' in r && r.cart.presentations[0]!.seats).toHaveLength(1);
  });

  it('removing a presentation hands back its seats for release', () => {
    const r = removePresentation(cartOf(entry(1), entry(2)), 1);
    expect(r.cart.presentations.map((e) => e.presentationId)).toEqual([2]);
    expect(r.removed[0]!.seats).toEqual([{ sectionId: 1, x: 1, y: 1 }]);
  });

  it('never leaves two auth profiles or businesses, or a video beside anything, in a cart', () => {
    const arb = fc.record({
      presentationId: fc.integer({ min: 1, max: 8 }),
      venueTypeId: fc.constantFrom(1, 2, 101, 103),
      authProfileId: fc.integer({ min: 1, max: 2 }),
      businessId: fc.integer({ min: 1, max: 2 }),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 12 }), (picks) => {
        let cart: CartState = { presentations: [], reservationIdentifier: null };
        for (const p of picks) {
          const r = selectPresentation(cart, p);
          if ('cart' in r) cart = r.cart;
        }
        const ps = cart.presentations;
        expect(new Set(ps.map((e) => e.authProfileId)).size).toBeLessThanOrEqual(1);
        expect(new Set(ps.map((e) => e.businessId)).size).toBeLessThanOrEqual(1);
        if (ps.some((e) => e.venueTypeId >= 101)) expect(ps).toHaveLength(1);
        expect(new Set(ps.map((e) => e.presentationId)).size).toBe(ps.length);
      }),
    );
  });
});
