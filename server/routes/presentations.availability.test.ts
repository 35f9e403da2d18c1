import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresentationSchema } from '../../src/api/contract/presentations.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';
import { findPresentation, listPresentations } from '../testing/fixtures.ts';

describe.each(dialects)('seats left on the events board on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  /** The online plan seats of a presentation that nobody has sold or holds. */
  async function freeSeats(presentationId: number, seatplanId: number) {
    const db = t.db.kysely;
    const [seats, holds] = await Promise.all([
      db
        .selectFrom('plan_seats as s')
        .innerJoin('allocations as a', 'a.id', 's.allocation_id')
        .select(['s.section_id', 's.x', 's.y'])
        .where('s.seatplan_id', '=', seatplanId)
        .where('a.is_online', '=', 1)
        .execute(),
      db
        .selectFrom('seat_holds')
        .select(['section_id', 'x', 'y'])
        .where('presentation_id', '=', presentationId)
        .execute(),
    ]);
    const taken = new Set(holds.map((h) => `${h.section_id}_${h.x}_${h.y}`));
    return seats.filter((s) => !taken.has(`${s.section_id}_${s.x}_${s.y}`));
  }

  async function sell(presentationId: number, seats: { section_id: number; x: number; y: number }[]) {
    const rows = seats.map((s) => ({
      presentation_id: presentationId,
      ...s,
      visitor: 'box-office',
      state: 'sold' as const,
      expires_at: 0,
      created_at: t.clock.now(),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db.kysely
        .insertInto('seat_holds')
        .values(rows.slice(i, i + 200))
        .execute();
    // The board is one cached answer for a moment: let it lapse.
    t.clock.advance(t.config.hotCacheMs + 1);
  }

  it('marks every presentation, none seated sold out in the fresh demo', async () => {
    const all = await listPresentations(t.app);
    expect(
      all.filter((p) => p.isVod).every((p) => p.seatsLeft === null && p.availability === 'available'),
    ).toBe(true);
    const seated = all.filter((p) => !p.isVod);
    expect(seated.every((p) => p.seatsLeft !== null && p.seatsLeft > 0)).toBe(true);
    expect(seated.some((p) => p.availability === 'available')).toBe(true);
  });

  it('turns a general admission show to few and then sold out as its seats sell', async () => {
    const show = await findPresentation(t.app, (p) => !p.isReserved && !p.isVod && p.saleStatus === 'open');
    const free = await freeSeats(show.id, show.seatplanId);
    expect(show.seatsLeft).toBe(free.length);
    expect(show.availability).toBe('available');

    await sell(show.id, free.slice(0, free.length - 3));
    const few = (await listPresentations(t.app)).find((p) => p.id === show.id)!;
    expect(few).toMatchObject({ seatsLeft: 3, availability: 'few' });
    // The presentation itself answers the same mark.
    const detail = PresentationSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/presentations/${show.id}` })).json(),
    );
    expect(detail).toMatchObject({ seatsLeft: 3, availability: 'few' });

    await sell(show.id, free.slice(free.length - 3));
    const gone = (await listPresentations(t.app)).find((p) => p.id === show.id)!;
    expect(gone).toMatchObject({ seatsLeft: 0, availability: 'soldOut' });
  });

  it('turns a reserved cinema show to few, counting live holds and not lapsed ones', async () => {
    const show = await findPresentation(
      t.app,
      (p) => p.category === 'movie' && p.seatplanId === 12 && p.saleStatus === 'open',
    );
    const free = await freeSeats(show.id, show.seatplanId);
    await sell(show.id, free.slice(0, free.length - 2));
    const [a, b] = free.slice(free.length - 2);
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('seat_holds')
      .values([
        {
          presentation_id: show.id,
          ...a!,
          visitor: 'v1',
          state: 'held',
          expires_at: now + 600_000,
          created_at: now,
        },
        {
          presentation_id: show.id,
          ...b!,
          visitor: 'v2',
          state: 'held',
          expires_at: now - 1,
          created_at: now,
        },
      ])
      .execute();
    t.clock.advance(t.config.hotCacheMs + 1);
    const few = (await listPresentations(t.app, show.businessDate)).find((p) => p.id === show.id)!;
    expect(few).toMatchObject({ seatsLeft: 1, availability: 'few' });
  });
});
