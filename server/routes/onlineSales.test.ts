import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { commit, errorOf, type SeatShop, seatShop } from '../testing/checkout.ts';
import { listPresentations, lock, lockBody, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { DEMO_STAFF } from '../seed/staff.ts';

/** Seat calls keep a presentation's row a second (services/catalogue/presentations.ts, real time). */
const ROW_CACHE_MS = 1100;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Location offline (spec section 8, issue 20): a venue that turns booking through the site off. */
describe.each(dialects)('location offline on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  async function setOnline(venueId: number, on: boolean) {
    await t.db.kysely
      .updateTable('venues')
      .set({ online_sales_enabled: on ? 1 : 0 })
      .where('id', '=', venueId)
      .execute();
    // Past the hot caches (the clock's) and the seat calls' row cache (real time).
    t.clock.advance(t.config.hotCacheMs + 1);
    await pause(ROW_CACHE_MS);
  }

  async function board(): Promise<PresentationSummary[]> {
    return listPresentations(t.app);
  }

  it('every venue sells online by default: no presentation is marked', async () => {
    expect((await board()).filter((p) => p.locationOffline)).toEqual([]);
  });

  it('refuses lock, ticket groups and commit with location_offline, and marks the board', async () => {
    const { movie } = shop;
    const uuid = visitor();
    // Held while the venue still sold online: the commit is refused all the same.
    const seats = await shop.hold(uuid, 1);
    const spare = (await plainFreeSeats(t.app, movie)).at(-1);
    await setOnline(movie.venueId, false);
    try {
      const listed = await board();
      const mine = listed.filter((p) => p.venueId === movie.venueId);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((p) => p.locationOffline === true)).toBe(true);
      expect(listed.filter((p) => p.venueId !== movie.venueId).some((p) => p.locationOffline)).toBe(false);

      const one = await t.app.inject({ method: 'GET', url: `/api/presentations/${movie.id}` });
      expect(one.statusCode).toBe(200);
      expect((one.json() as PresentationSummary).locationOffline).toBe(true);

      const groups = await t.app.inject({
        method: 'GET',
        url: `/api/presentations/${movie.id}/ticketGroups`,
      });
      expect(errorOf(groups)).toEqual({ status: 503, code: 'location_offline' });

      const locked = await lock(t.app, visitor(), lockBody(movie, spare!));
      expect(errorOf(locked)).toEqual({ status: 503, code: 'location_offline' });

      const res = await commit(t.app, uuid, crypto.randomUUID(), shop.cart(seats));
      expect(errorOf(res)).toEqual({ status: 503, code: 'location_offline' });
      // Nothing was sold: the seat is still the visitor's to release or to buy once the venue is back.
      expect(await shop.held(uuid)).toEqual(seats.map((s) => s.key));
    } finally {
      await setOnline(movie.venueId, true);
    }
  });

  async function staffCookie(role: 'manager' | 'box_office') {
    const who = DEMO_STAFF.find((s) => s.role === role)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: who.username, password: who.password },
    });
    return `staff_session=${/staff_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]}`;
  }

  it('lets a manager, and only a manager, turn a venue’s online sales off and on', async () => {
    const { movie } = shop;
    const put = (cookie: string | undefined, enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/staff/venues/${movie.venueId}/online-sales`,
        payload: { enabled },
        ...(cookie ? { headers: { cookie } } : {}),
      });
    expect(errorOf(await put(undefined, false))).toMatchObject({ status: 401 });
    expect(errorOf(await put(await staffCookie('box_office'), false))).toMatchObject({ status: 403 });
    const manager = await staffCookie('manager');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/staff/venues',
      headers: { cookie: manager },
    });
    expect((list.json() as { venues: { id: number; onlineSalesEnabled: boolean }[] }).venues).toContainEqual(
      expect.objectContaining({ id: movie.venueId, onlineSalesEnabled: true }),
    );
    const off = await put(manager, false);
    expect(off.json()).toMatchObject({ id: movie.venueId, onlineSalesEnabled: false });
    await pause(ROW_CACHE_MS);
    const [spare] = (await plainFreeSeats(t.app, movie)).slice(-2);
    expect(errorOf(await lock(t.app, visitor(), lockBody(movie, spare!)))).toEqual({
      status: 503,
      code: 'location_offline',
    });
    expect((await put(manager, true)).json()).toMatchObject({ onlineSalesEnabled: true });
    await pause(ROW_CACHE_MS);
    t.clock.advance(t.config.hotCacheMs + 1);
  });

  it('sells again once the venue is back online', async () => {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const res = await commit(t.app, uuid, crypto.randomUUID(), shop.cart(seats));
    expect(res.statusCode).toBe(200);
    expect((await board()).some((p) => p.locationOffline)).toBe(false);
  });
});
