import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredCartAnswerSchema } from '../../src/api/contract/cart.ts';
import { customer } from '../testing/checkout.ts';
import { findPresentation, lock, lockBody, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';

/** The cart lives in the visitor's session at the box office: a reload or a second tab finds it. */
describe.each(dialects)('the cart in the server session, on %s', (dialect) => {
  let t: TestApp;
  let movie: PresentationSummary;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.saleStatus === 'open');
  });
  afterAll(async () => t?.close());

  const load = async (uuid: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { uuid } });
    expect(res.statusCode, res.body).toBe(200);
    return StoredCartAnswerSchema.parse(res.json());
  };
  const save = (uuid: string, cart: object) =>
    t.app.inject({ method: 'POST', url: '/api/cart', headers: { uuid }, payload: { cart } });

  it('answers an empty cart to a visitor who has none', async () => {
    expect(await load(visitor())).toEqual({
      cart: { presentations: [], vouchers: [], customerInfo: null },
      updatedAt: null,
    });
  });

  it('gives back the presentations, the seats held now and the customer details that were saved', async () => {
    const me = visitor();
    const [a, b] = await plainFreeSeats(t.app, movie);
    expect((await lock(t.app, me, lockBody(movie, a!))).statusCode).toBe(200);
    const details = { firstName: 'Dana', lastName: 'Levi', email: 'dana@example.com' };
    // The stored seats say b; the box office answers what the visitor really holds: a.
    const saved = await save(me, {
      presentations: [{ presentationId: movie.id, seats: [{ sectionId: b!.sectionId, x: b!.x, y: b!.y }] }],
      vouchers: [],
      customerInfo: details,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { cart, updatedAt } = await load(me);
    expect(updatedAt).not.toBeNull();
    expect(cart.customerInfo).toEqual(details);
    expect(cart.presentations).toEqual([
      expect.objectContaining({
        presentationId: movie.id,
        seats: [{ sectionId: a!.sectionId, x: a!.x, y: a!.y }],
        title: movie.title,
        venueId: movie.venueId,
        seatplanId: movie.seatplanId,
        authProfileId: movie.authProfileId,
        businessId: movie.businessId,
      }),
    ]);
    // Another visitor (another browser) sees nothing of it.
    expect((await load(visitor())).cart.presentations).toEqual([]);
  });

  it('lets the seats of a lapsed hold leave the cart, and a reset empty it', async () => {
    const me = visitor();
    const [, , c] = await plainFreeSeats(t.app, movie);
    expect((await lock(t.app, me, lockBody(movie, c!))).statusCode).toBe(200);
    await save(me, { presentations: [{ presentationId: movie.id, seats: [] }], vouchers: [] });
    expect((await load(me)).cart.presentations[0]?.seats).toHaveLength(1);
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      expect((await load(me)).cart.presentations[0]?.seats).toEqual([]);
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000);
    }
    await save(me, { presentations: [], vouchers: [], customerInfo: null });
    expect((await load(me)).cart).toEqual({ presentations: [], vouchers: [], customerInfo: null });
  });

  it('never keeps card data or confirmations in the cart', async () => {
    const me = visitor();
    const res = await save(me, {
      presentations: [],
      vouchers: [],
      customerInfo: { ...customer, emailConfirmation: 'x@example.com', creditcardInfo: { number: '4111' } },
    });
    expect(res.statusCode).toBe(200);
    const stored = (await load(me)).cart.customerInfo ?? {};
    expect(stored).not.toHaveProperty('emailConfirmation');
    expect(stored).not.toHaveProperty('termsAccepted');
    expect(JSON.stringify(stored)).not.toContain('4111');
  });

  it('needs the visitor uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'visitor_required' });
  });
});
