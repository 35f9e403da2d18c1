import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeatsStatusAnswerSchema } from '../../src/api/contract/seats.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import {
  findPresentation,
  freeSeats,
  listPresentations,
  lock,
  lockBody,
  planSeatsOf,
  plainFreeSeats,
  statusMap,
  unlock,
} from '../testing/fixtures.ts';

/** Free seats without sofa, wheelchair, companion or limited-view flags, premium or not, in plan order. */
async function freeSeatsOfLevel(app: TestApp['app'], p: PresentationSummary, premium: boolean) {
  return (await planSeatsOf(app, p))
    .flat()
    .filter(
      (s) => s.free && !s.sofa && !s.handicap && !s.companion && !s.limitedView && s.premium === premium,
    );
}

describe.each(dialects)('seat calls on %s', (dialect) => {
  let t: TestApp;
  let movie: PresentationSummary;
  beforeAll(async () => {
    t = await createTestApp(dialect, { maxSeats: 4 });
    movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.saleStatus === 'open');
  });
  afterAll(async () => t?.close());

  it('lists free seats only, keyed section_x_y with "ticketGroup,allocation"', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seats-statusV2?presentationId=${movie.id}&venueTypeId=${movie.venueTypeId}&isReserved=1`,
    });
    expect(res.statusCode).toBe(200);
    const { seats, held } = SeatsStatusAnswerSchema.parse(res.json());
    const entries = Object.entries(seats);
    expect(entries.length).toBeGreaterThan(50);
    for (const [key, value] of entries.slice(0, 50)) {
      expect(key).toMatch(/^\d+_-?\d+_-?\d+$/);
      expect(value).toMatch(/^\d+,1$/); // house seats (allocation 2) are never offered online
    }
    expect(held).toEqual([]);
  });

  it('filters the status map by section', async () => {
    const arena = await findPresentation(t.app, (p) => p.category === 'sport' && p.venueId === 4);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seats-statusV2?presentationId=${arena.id}&venueTypeId=${arena.venueTypeId}&isReserved=1&sectionId=3`,
    });
    const keys = Object.keys(SeatsStatusAnswerSchema.parse(res.json()).seats);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith('3_'))).toBe(true);
  });

  it('rejects a status call whose venue type or reserved flag does not match', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seats-statusV2?presentationId=${movie.id}&venueTypeId=${movie.venueTypeId}&isReserved=0`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'formValidation' });
  });

  it('locks a seat for its visitor, hides it from the map and shows it as held by that visitor', async () => {
    const me = visitor();
    const [seat] = await freeSeats(t.app, movie);
    const res = await lock(t.app, me, lockBody(movie, seat!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lockedSeat: { x: seat!.x, y: seat!.y } });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/seats/seats-statusV2?presentationId=${movie.id}&venueTypeId=1&isReserved=1`,
      headers: { uuid: me },
    });
    const status = SeatsStatusAnswerSchema.parse(mine.json());
    expect(status.seats[seat!.key]).toBeUndefined();
    expect(status.held).toEqual([seat!.key]);
    await unlock(t.app, me, lockBody(movie, seat!));
  });

  it('gives lock_seat_error to a second visitor, and only the owner can unlock', async () => {
    const [a, b] = [visitor(), visitor()];
    const [seat] = await freeSeats(t.app, movie);
    const body = lockBody(movie, seat!);
    expect((await lock(t.app, a, body)).statusCode).toBe(200);
    const second = await lock(t.app, b, body);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ statusCode: 409, code: 'lock_seat_error' });
    const stranger = await unlock(t.app, b, body);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toMatchObject({ code: 'unlock_seat_error' });
    expect((await unlock(t.app, a, body)).statusCode).toBe(200);
    expect((await lock(t.app, b, body)).statusCode).toBe(200);
    await unlock(t.app, b, body);
  });

  it('lets a lock lapse after the lock timer, so another visitor can take the seat', async () => {
    const [a, b] = [visitor(), visitor()];
    const [seat] = await freeSeats(t.app, movie);
    const body = lockBody(movie, seat!);
    const first = await lock(t.app, a, body);
    const expiresAt = Date.parse((first.json() as { expiresAt: string }).expiresAt);
    const timer = 480 + 240 + 480 + 240; // the cinema's lockTimer steps, in seconds
    expect(expiresAt - t.clock.now()).toBe(timer * 1000);
    t.clock.set(expiresAt - 1);
    expect((await lock(t.app, b, body)).statusCode).toBe(409);
    t.clock.set(expiresAt);
    expect((await lock(t.app, b, body)).statusCode).toBe(200);
    // The first visitor's lapsed lock is gone: unlocking it is refused.
    expect((await unlock(t.app, a, body)).statusCode).toBe(409);
    await unlock(t.app, b, body);
    t.clock.set(Date.parse('2026-11-22T10:00:00Z'));
  });

  it('re-locking one’s own seat never extends it (only the one extension does)', async () => {
    const me = visitor();
    const [seat] = await freeSeats(t.app, movie);
    const body = lockBody(movie, seat!);
    const first = (await lock(t.app, me, body)).json() as { expiresAt: string };
    t.clock.advance(60_000);
    const again = await lock(t.app, me, body);
    expect(again.statusCode).toBe(200);
    expect(Date.parse((again.json() as { expiresAt: string }).expiresAt)).toBe(Date.parse(first.expiresAt));
    await unlock(t.app, me, body);
    t.clock.set(Date.parse('2026-11-22T10:00:00Z'));
  });

  it('caps the seats one visitor holds per presentation with max_seats_error', async () => {
    const me = visitor();
    const seats = (await freeSeats(t.app, movie)).slice(0, 5);
    for (const s of seats.slice(0, 4))
      expect((await lock(t.app, me, lockBody(movie, s))).statusCode).toBe(200);
    const fifth = await lock(t.app, me, lockBody(movie, seats[4]!));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ code: 'max_seats_error', params: { maxSeats: 4 } });
    // The refused seat stays free for others.
    expect((await freeSeats(t.app, movie)).some((s) => s.key === seats[4]!.key)).toBe(true);
    for (const s of seats.slice(0, 4)) await unlock(t.app, me, lockBody(movie, s));
  });

  it('refuses seats that are sold, house seats, unknown, or asked with the wrong ticket group', async () => {
    const me = visitor();
    const free = new Set((await freeSeats(t.app, movie)).map((s) => s.key));
    const plan = (
      await t.app.inject({
        method: 'GET',
        url: `/api/seats/seatplanV2?venueId=${movie.venueId}&seatplanId=${movie.seatplanId}`,
      })
    ).json() as {
      S: { id: number; G: { R: { S: { x: number; y: number; tg: number; ai: number }[] }[] }[] }[];
    };
    const all = plan.S.flatMap((s) =>
      s.G.flatMap((g) => g.R.flatMap((r) => r.S.map((seat) => ({ ...seat, si: s.id })))),
    );
    const sold = all.find((s) => s.ai === 1 && !free.has(seatKey(s.si, s.x, s.y)));
    const house = all.find((s) => s.ai === 2);
    const some = all.find((s) => free.has(seatKey(s.si, s.x, s.y)))!;
    for (const s of [sold, house]) {
      expect(s).toBeDefined();
      const res = await lock(
        t.app,
        me,
        lockBody(movie, { sectionId: s!.si, x: s!.x, y: s!.y, ticketGroupId: s!.tg }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'lock_seat_error' });
    }
    const unknown = await lock(
      t.app,
      me,
      lockBody(movie, { sectionId: 1, x: 99999, y: 99999, ticketGroupId: 1 }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'seat_not_found' });
    const wrongGroup = await lock(
      t.app,
      me,
      lockBody(movie, { sectionId: some.si, x: some.x, y: some.y, ticketGroupId: some.tg + 50 }),
    );
    expect(wrongGroup.json()).toMatchObject({ code: 'lock_seat_error' });
  });

  it('requires the visitor uuid header on seat calls', async () => {
    const [seat] = await freeSeats(t.app, movie);
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      payload: lockBody(movie, seat!),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'visitor_required' });
    const bad = await lock(t.app, 'not-a-uuid', lockBody(movie, seat!));
    expect(bad.json()).toMatchObject({ code: 'visitor_required' });
  });

  it('refuses locks outside the sale window and for video on demand', async () => {
    const me = visitor();
    const early = await findPresentation(t.app, (p) => p.saleStatus === 'not_started');
    const res = await lock(t.app, me, lockBody(early, { sectionId: 1, x: 1, y: 1, ticketGroupId: 21 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sale_not_started' });
    const vod = await findPresentation(t.app, (p) => p.isVod);
    const v = await lock(t.app, me, lockBody(vod, { sectionId: 1, ticketGroupId: 51 }));
    expect(v.json()).toMatchObject({ code: 'lock_seat_error' });
  });

  it('lets the server choose general-admission places until none are left', async () => {
    const ga = await findPresentation(
      t.app,
      (p) => !p.isReserved && !p.isVod && p.venueId === 5 && p.saleStatus === 'open',
    );
    const me = visitor();
    const body = lockBody(ga, { sectionId: 1, ticketGroupId: 41 });
    const a = await lock(t.app, me, body);
    const b = await lock(t.app, me, body);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).not.toEqual(b.json());
    const status = SeatsStatusAnswerSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/seats/seats-statusV2?presentationId=${ga.id}&venueTypeId=${ga.venueTypeId}&isReserved=0`,
          headers: { uuid: me },
        })
      ).json(),
    );
    expect(status.held).toHaveLength(2);
    // Everyone else takes the rest, four places each; then the next visitor hears ga_not_enough_seats.
    let left = Object.keys(status.seats).length;
    while (left > 0) {
      const other = visitor();
      for (let i = 0; i < 4 && left > 0; i++, left--)
        expect((await lock(t.app, other, body)).statusCode).toBe(200);
    }
    const late = await lock(t.app, visitor(), body);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ga_not_enough_seats' });
  });
  it('refuses a seat whose price level sells no ticket with no_price_policy, and holds nothing', async () => {
    const hall3 = await findPresentation(t.app, (p) => p.seatplanId === 13 && p.saleStatus === 'open');
    const [premium] = await freeSeatsOfLevel(t.app, hall3, true);
    const [regular] = await freeSeatsOfLevel(t.app, hall3, false);
    // This presentation stops selling the premium price level (its tickets stay with other presentations).
    await t.db.kysely
      .deleteFrom('presentation_ticket_groups')
      .where('presentation_id', '=', hall3.id)
      .where('ticket_group_id', '=', premium!.ticketGroupId)
      .execute();
    const me = visitor();
    const refused = await lock(t.app, me, lockBody(hall3, premium!));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'no_price_policy' });
    const after = await statusMap(t.app, hall3, me);
    expect(after.seats[premium!.key]).toBeDefined();
    expect(after.held).toEqual([]);
    // A seat of a level it still sells locks as before.
    expect((await lock(t.app, me, lockBody(hall3, regular!))).statusCode).toBe(200);
    await unlock(t.app, me, lockBody(hall3, regular!));
  });

  it('refuses general admission with no_price_policy when the level has only sub-tickets', async () => {
    const ga = await findPresentation(
      t.app,
      (p) => !p.isReserved && !p.isVod && p.venueId === 5 && p.saleStatus === 'open',
    );
    const tg = 41;
    const subTickets = () => t.db.kysely.updateTable('tickets').where('ticket_group_id', '=', tg);
    await subTickets().set({ is_sub_ticket: 1 }).execute();
    try {
      const res = await lock(t.app, visitor(), lockBody(ga, { sectionId: 1, ticketGroupId: tg }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'no_price_policy' });
    } finally {
      await subTickets().set({ is_sub_ticket: 0 }).execute();
    }
  });

  describe('a swap (lock with replaces)', () => {
    const held = async (p: PresentationSummary, uuid: string) =>
      (await statusMap(t.app, p, uuid)).held.sort();

    it('at the seat cap takes the new seat and releases the old one at once', async () => {
      const me = visitor();
      const seats = (await plainFreeSeats(t.app, movie)).slice(0, 5);
      for (const s of seats.slice(0, 4)) await lock(t.app, me, lockBody(movie, s));
      // A plain fifth lock is over the cap; replacing the fourth seat is not.
      expect((await lock(t.app, me, lockBody(movie, seats[4]!))).statusCode).toBe(409);
      const swap = await lock(t.app, me, {
        ...lockBody(movie, seats[4]!),
        replaces: [lockBody(movie, seats[3]!).seat],
      });
      expect(swap.statusCode).toBe(200);
      expect(await held(movie, me)).toEqual([0, 1, 2, 4].map((i) => seats[i]!.key).sort());
      expect((await statusMap(t.app, movie)).seats[seats[3]!.key]).toBeDefined();
      for (const i of [0, 1, 2, 4]) await unlock(t.app, me, lockBody(movie, seats[i]!));
    });

    it('changes nothing when the new seat is taken, of another price level, or the cap still refuses', async () => {
      const hall3 = await findPresentation(t.app, (p) => p.seatplanId === 13 && p.saleStatus === 'open');
      // A presentation of hall 3 that still sells its premium level (the test above stopped one).
      const shows = (await listPresentations(t.app)).filter(
        (p) => p.seatplanId === 13 && p.saleStatus === 'open' && p.id !== hall3.id,
      );
      const show = shows[0]!;
      const regular = await freeSeatsOfLevel(t.app, show, false);
      const [premium] = await freeSeatsOfLevel(t.app, show, true);
      const [me, other] = [visitor(), visitor()];
      for (const s of regular.slice(0, 4))
        expect((await lock(t.app, me, lockBody(show, s))).statusCode).toBe(200);
      const before = await held(show, me);
      const replacing = { replaces: [lockBody(show, regular[3]!).seat] };

      const level = await lock(t.app, me, { ...lockBody(show, premium!), ...replacing });
      expect(level.statusCode).toBe(409);
      expect(level.json()).toMatchObject({ code: 'swap_price_level_error' });

      await lock(t.app, other, lockBody(show, regular[4]!));
      const taken = await lock(t.app, me, { ...lockBody(show, regular[4]!), ...replacing });
      expect(taken.json()).toMatchObject({ code: 'lock_seat_error' });

      // Replacing a seat the visitor does not hold frees no room: the cap refuses and the lock is undone.
      const notMine = await lock(t.app, me, {
        ...lockBody(show, regular[5]!),
        replaces: [lockBody(show, regular[4]!).seat],
      });
      expect(notMine.json()).toMatchObject({ code: 'max_seats_error' });
      expect(await held(show, other)).toEqual([regular[4]!.key]);
      expect(await held(show, me)).toEqual(before);
      const free = (await statusMap(t.app, show)).seats;
      expect(free[premium!.key]).toBeDefined();
      expect(free[regular[5]!.key]).toBeDefined();

      const self = await lock(t.app, me, { ...lockBody(show, regular[3]!), ...replacing });
      expect(self.json()).toMatchObject({ code: 'formValidation' });
      for (const s of regular.slice(0, 4)) await unlock(t.app, me, lockBody(show, s));
      await unlock(t.app, other, lockBody(show, regular[4]!));
    });
  });
});
