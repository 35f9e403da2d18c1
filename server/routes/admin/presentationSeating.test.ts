import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../../src/api/contract/seatplan.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import { leastCapacity } from '../../services/seating/capacity.ts';
import { freeSeats, listPresentations, lock, lockBody, lockFrom, statusMap } from '../../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../../testing/staff.ts';

/** The demo club's general-admission places: section 1, price level 41 (server/seed). */
const GA_PLACE = { sectionId: 1, ticketGroupId: 41 };

/**
 * Two settings of a show on sale a manager changes through PATCH /api/admin/presentations/:id: a
 * general-admission show's capacity (only the first N online places of its plan sell, and two buyers can
 * never get more) and the version of its hall's plan (only one that keeps every seat sold or held).
 */
describe.each(dialects)('a show’s capacity and plan version on %s', (dialect) => {
  let t: TestApp;
  let manager: ReturnType<typeof asStaff>;
  let club: PresentationSummary;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    club = (await listPresentations(t.app)).find(
      (p) => !p.isReserved && !p.isVod && p.venueId === 5 && p.saleStatus === 'open',
    )!;
  });
  afterAll(async () => t?.close());

  const change = (id: number, body: unknown) => manager.patch(`/api/admin/presentations/${id}`, body);
  /** A place of the club taken by a new visitor from an address of its own (no hold cap is met). */
  const takePlace = (p: PresentationSummary) =>
    lockFrom(
      t.app,
      visitor(),
      lockBody(p, GA_PLACE),
      `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    );
  /** The least capacity the show can have now: the last place sold or held, in plan order. */
  const least = (p: PresentationSummary) => leastCapacity(t.db.kysely, p.id, p.seatplanId, t.clock.now());
  /** Places sold or held (live) for the show. */
  const takenCount = async (p: PresentationSummary) => {
    const row = await t.db.kysely
      .selectFrom('seat_holds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('presentation_id', '=', p.id)
      .where((eb) => eb.or([eb('state', '=', 'sold'), eb('expires_at', '>', t.clock.now())]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it(
    'sells no more than the capacity: the club sells out at it, and the board says so',
    { timeout: 60_000 },
    async () => {
      const show = club;
      const capacity = (await least(show)) + 4;
      const set = await change(show.id, { capacity });
      expect(set.statusCode, set.body).toBe(200);
      const planCapacity = set.json().planCapacity as number;
      expect(planCapacity).toBeGreaterThan(capacity);
      expect(set.json()).toMatchObject({ id: show.id, isReserved: false, capacity });

      // The status map lists only free places within the capacity; locks take them until none is left.
      const free = Object.keys((await statusMap(t.app, show)).seats).length;
      expect(free).toBe(capacity - (await takenCount(show)));
      for (let i = 0; i < free; i++) expect((await takePlace(show)).statusCode).toBe(200);
      const refused = await takePlace(show);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'ga_not_enough_seats' });
      expect((await statusMap(t.app, show)).seats).toEqual({});
      const onBoard = (await listPresentations(t.app)).find((p) => p.id === show.id)!;
      expect(onBoard).toMatchObject({ seatsLeft: 0, availability: 'soldOut' });

      // Every place of the capacity is taken: it cannot shrink, and it cannot outgrow the plan.
      const below = await change(show.id, { capacity: capacity - 1 });
      expect(below.statusCode).toBe(409);
      expect(below.json()).toMatchObject({
        code: 'capacity_below_sold',
        params: { leastCapacity: capacity },
      });
      const above = await change(show.id, { capacity: planCapacity + 1 });
      expect(above.statusCode).toBe(400);
      expect(above.json()).toMatchObject({ code: 'capacity_above_plan', params: { planCapacity } });

      const log = (await manager.get(`/api/admin/audit?objectType=presentation&objectId=${show.id}`)).json();
      expect(log.entries[0]).toMatchObject({
        action: 'presentation.update',
        before: { capacity: null },
        after: { capacity },
      });

      // Back to the whole plan: places sell again.
      const whole = await change(show.id, { capacity: null });
      expect(whole.json()).toMatchObject({ capacity: planCapacity, planCapacity });
      expect((await takePlace(show)).statusCode).toBe(200);
    },
  );

  it(
    'never hands out more places than the capacity to buyers racing for them',
    { timeout: 60_000 },
    async () => {
      // The club again, its places of the last test let go: as few as its sold places allow.
      const show = club;
      await t.db.kysely
        .deleteFrom('seat_holds')
        .where('presentation_id', '=', show.id)
        .where('state', '=', 'held')
        .execute();
      const capacity = await least(show);
      const set = await change(show.id, { capacity });
      expect(set.statusCode, set.body).toBe(200);
      const free = Object.keys((await statusMap(t.app, show)).seats).length;
      expect(free).toBe(capacity - (await takenCount(show)));
      // All but the last seven places go one by one; then forty buyers race for those seven.
      const last = Math.min(7, free);
      for (let i = last; i < free; i++) expect((await takePlace(show)).statusCode).toBe(200);
      const racers = 40;
      const results = await Promise.all(Array.from({ length: racers }, () => takePlace(show)));
      const won = results.filter((r) => r.statusCode === 200).map((r) => JSON.stringify(r.json().lockedSeat));
      expect(won).toHaveLength(last);
      expect(new Set(won).size).toBe(last);
      expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
        Array(racers - last).fill('ga_not_enough_seats'),
      );
      expect(await takenCount(show)).toBe(capacity);
    },
  );

  it('refuses a capacity for numbered seats, and the new settings to staff who are not managers', async () => {
    const reserved = (await listPresentations(t.app)).find(
      (p) => p.isReserved && !p.isVod && p.saleStatus === 'open',
    )!;
    const refused = await change(reserved.id, { capacity: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'capacity_not_general_admission' });

    const counter = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    const door = asStaff(t.app, await demoStaffCookie(t.app, 'door'));
    for (const staff of [counter, door]) {
      expect((await staff.patch(`/api/admin/presentations/${club.id}`, { capacity: 3 })).statusCode).toBe(
        403,
      );
      expect(
        (await staff.patch(`/api/admin/presentations/${reserved.id}`, { seatplanId: reserved.seatplanId }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('moves a show to another version of its hall’s plan only when every seat taken is in it unchanged', async () => {
    const show = (await listPresentations(t.app)).find(
      (p) => p.isReserved && !p.isVod && p.saleStatus === 'open' && p.seatplanId === 12,
    )!;
    const [seat, other] = await freeSeats(t.app, show);
    expect((await lock(t.app, visitor(), lockBody(show, seat!))).statusCode).toBe(200);

    // Version 2: the held seat is gone.
    const exported = await manager.get(`/api/admin/seatplans/${show.seatplanId}/export?format=seatplanV2`);
    const plan = JSON.parse(exported.body) as Seatplan;
    for (const section of plan.S)
      for (const group of section.G)
        for (const row of group.R) row.S = row.S.filter((s) => seatKey(section.id, s.x, s.y) !== seat!.key);
    const draft = await manager.post(`/api/admin/halls/${show.seatplanId}/seatplans`, {
      format: 'seatplanV2',
      content: JSON.stringify(plan),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const without = draft.json().version.id as number;
    expect((await manager.post(`/api/admin/seatplans/${without}/publish`)).statusCode).toBe(200);
    const refused = await change(show.id, { seatplanId: without });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'seatplan_seats_in_use',
      params: { count: 1, seats: seat!.key },
    });

    // Version 3 changes only a free seat: the show moves, its buyers keep their seats, the audit says so.
    const copy = (await manager.post(`/api/admin/seatplans/${show.seatplanId}/copy`)).json();
    await manager.patch(`/api/admin/seatplans/${copy.id}`, {
      edits: [{ op: 'setSeats', keys: [other!.key], premium: true }],
    });
    expect((await manager.post(`/api/admin/seatplans/${copy.id}/publish`)).statusCode).toBe(200);
    const moved = await change(show.id, { seatplanId: copy.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ seatplanId: copy.id, isReserved: true });
    const log = (await manager.get(`/api/admin/audit?objectType=presentation&objectId=${show.id}`)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'presentation.update',
      before: { seatplanId: show.seatplanId, planVersion: 1 },
      after: { seatplanId: copy.id, planVersion: copy.version },
    });
    // The shop sells the new version at once.
    const now = (await listPresentations(t.app)).find((p) => p.id === show.id)!;
    expect(now.seatplanId).toBe(copy.id);
    expect((await statusMap(t.app, now)).seats[other!.key]).toBeDefined();

    // A version of another hall is refused.
    const foreign = (await listPresentations(t.app)).find((p) => p.isReserved && p.seatplanId !== 12)!;
    const notOfHall = await change(show.id, { seatplanId: foreign.seatplanId });
    expect(notOfHall.statusCode).toBe(409);
    expect(notOfHall.json()).toMatchObject({ code: 'seatplan_not_of_hall' });
  });
});
