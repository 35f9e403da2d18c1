import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { QueueStatus, WaitingRoomSettings } from '../../src/api/contract/waitingRoom.ts';
import { admissionRounds } from '../services/waitingRoom/admissionLoop.ts';
import { customer, goodCard } from '../testing/checkout.ts';
import { freeSeats, listPresentations, lockBody } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../testing/staff.ts';

/** A visitor as the shop is one: its uuid header and the cookies the box office set (one per browser). */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  readonly uuid: string;
  constructor(app: FastifyInstance, uuid = visitor()) {
    this.app = app;
    this.uuid = uuid;
  }
  private headers() {
    return { uuid: this.uuid, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }
  private keep(setCookie: string | string[] | undefined) {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      this.cookies.set(name!, value!);
    }
  }
  async queue(method: 'GET' | 'POST', p: PresentationSummary, again = false): Promise<QueueStatus> {
    const res = await this.app.inject({
      method,
      url: `/api/queue/${p.id}`,
      headers: this.headers(),
      ...(method === 'POST' ? { payload: { again } } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    this.keep(res.headers['set-cookie']);
    return res.json() as QueueStatus;
  }
  lock(body: unknown) {
    return this.app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      headers: this.headers(),
      payload: body as object,
    });
  }
}

async function openShow(app: FastifyInstance): Promise<PresentationSummary> {
  const shows = await listPresentations(app);
  return shows.find(
    (p) => p.isReserved && p.saleStatus === 'open' && p.category !== 'video' && p.seatsLeft! > 50,
  )!;
}

describe.each(dialects)('the waiting room on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setRoom(p: PresentationSummary, s: Partial<WaitingRoomSettings>) {
    const staff = asStaff(t!.app, await demoStaffCookie(t!.app, 'manager'));
    const base = (await staff.get(`/api/admin/presentations/${p.id}/waiting-room`)).json().defaults;
    const res = await staff.put(`/api/admin/presentations/${p.id}/waiting-room`, { ...base, ...s });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const round = () =>
    admissionRounds({
      db: t!.db.kysely,
      rooms: t!.app.deps.waitingRooms,
      latency: t!.app.deps.admittedLatency,
      now: () => t!.clock.now(),
    });
  const tick = async (ms = 1000) => {
    t!.clock.advance(ms);
    t!.app.deps.waitingRooms.invalidate();
    await round();
  };

  it('draws the early places at random, lets them in in order at the set rate, and guards the seats', async () => {
    t = await createTestApp(dialect);
    const show = await openShow(t.app);
    const seats = await freeSeats(t.app, show);
    const opensAt = t.clock.now() + 10 * 60_000;
    await setRoom(show, { mode: 'on', opensAt: new Date(opensAt).toISOString(), admitPerMinute: 60 });

    // In force at once: without a pass, no seat, whatever the caller.
    const direct = new Browser(t.app);
    const refused = await direct.lock(lockBody(show, seats[0]!));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'queue_required', params: { presentationId: show.id } });

    // Before the opening: a place without a number; a second tab (no cookies) keeps the same one.
    const early = Array.from({ length: 6 }, () => new Browser(t!.app));
    for (const b of early)
      expect(await b.queue('POST', show)).toMatchObject({ state: 'waiting', position: null, ahead: null });
    const secondTab = new Browser(t.app, early[0]!.uuid);
    expect(await secondTab.queue('POST', show)).toMatchObject({ state: 'waiting', position: null });
    const entries = await t.db.kysely.selectFrom('queue_entries').select('visitor').execute();
    expect(entries).toHaveLength(6);

    // The opening: the six are drawn into places 1..6; the next arrival queues behind them.
    t.clock.set(opensAt);
    await tick(0);
    const drawn = await Promise.all(early.map((b) => b.queue('GET', show)));
    const positions = drawn.map((s) =>
      s.state === 'waiting' ? s.position : s.state === 'admitted' ? 0 : -1,
    );
    const late = new Browser(t.app);
    // A place after the opening is numbered by the next round, in the order of arrival.
    expect(await late.queue('POST', show)).toMatchObject({ state: 'waiting', position: null });

    // One a second: each round lets in the next place, and only that one.
    const byPlace = new Map<number, Browser>();
    for (const [i, b] of early.entries()) {
      const s = drawn[i]!;
      if (s.state === 'waiting') byPlace.set(s.position!, b);
    }
    const admittedFirst = positions.filter((p) => p === 0).length;
    expect(admittedFirst).toBe(1);
    expect([...byPlace.keys()].sort()).toEqual([2, 3, 4, 5, 6]);
    const second = byPlace.get(2)!;
    const third = byPlace.get(3)!;
    expect(await third.queue('GET', show)).toMatchObject({ state: 'waiting', ahead: 1 });
    await tick();
    expect(await late.queue('GET', show)).toMatchObject({ state: 'waiting', position: 7, ahead: 4 });
    expect(await second.queue('GET', show)).toMatchObject({ state: 'admitted' });
    const waiting = await third.queue('GET', show);
    expect(waiting).toMatchObject({ state: 'waiting', position: 3, ahead: 0, admittedPerMinute: 60 });
    expect(waiting.state === 'waiting' && waiting.estimateSeconds).toBeGreaterThan(0);

    // The pass opens the seats; the waiting visitor, a copied pass and a forged one do not.
    expect((await second.lock(lockBody(show, seats[1]!))).statusCode).toBe(200);
    expect((await third.lock(lockBody(show, seats[2]!))).statusCode).toBe(403);
    const thief = new Browser(t.app);
    for (const [k, v] of second.cookies) thief.cookies.set(k, v);
    expect((await thief.lock(lockBody(show, seats[3]!))).statusCode).toBe(403);
    const forger = new Browser(t.app, third.uuid);
    forger.cookies.set(`wr_pass_p${show.id}`, `${t.clock.now() + 3_600_000}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect((await forger.lock(lockBody(show, seats[3]!))).statusCode).toBe(403);

    // The checkout is guarded the same way.
    const commit = await t.app.inject({
      method: 'POST',
      url: '/api/payment/commit',
      headers: { uuid: third.uuid, 'idempotency-key': crypto.randomUUID() },
      payload: {
        cart: {
          customerInfo: customer,
          creditcardInfo: goodCard,
          seats: [
            {
              pi: show.id,
              si: seats[2]!.sectionId,
              x: seats[2]!.x,
              y: seats[2]!.y,
              tg: seats[2]!.ticketGroupId,
              ticketId: 1,
            },
          ],
        },
      },
    });
    expect(commit.json()).toMatchObject({ code: 'queue_required' });

    // The counter sells without queueing.
    const clerk = await demoStaffCookie(t.app, 'box_office');
    const atCounter = await t.app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      headers: { uuid: visitor(), cookie: clerk },
      payload: lockBody(show, seats[4]!),
    });
    expect(atCounter.statusCode, atCounter.body).toBe(200);

    // The pass runs out: the visitor joins again, at the back.
    t.clock.advance(21 * 60_000);
    expect(await second.queue('GET', show)).toEqual({ state: 'expired' });
    expect(await second.queue('POST', show, true)).toMatchObject({ state: 'waiting', position: null });
    await tick();
    expect(await second.queue('GET', show)).toMatchObject({ state: 'waiting', position: 8 });

    // Switched off: everyone buys as usual.
    await setRoom(show, { mode: 'off' });
    expect(await third.queue('GET', show)).toEqual({ state: 'none' });
    expect((await direct.lock(lockBody(show, seats[5]!))).statusCode).toBe(200);
  });

  it('comes on by itself when more buyers hold seats than the room allows, and not for those already buying', async () => {
    t = await createTestApp(dialect);
    const show = await openShow(t.app);
    const seats = await freeSeats(t.app, show);
    await setRoom(show, { mode: 'auto', autoBuyers: 2, admitPerMinute: 60 });
    const buyers = [new Browser(t.app), new Browser(t.app), new Browser(t.app)];
    for (const [i, b] of buyers.entries())
      expect((await b.lock(lockBody(show, seats[i]!))).statusCode).toBe(200);
    await tick();
    const staff = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    const live = (await staff.get(`/api/admin/presentations/${show.id}/waiting-room`)).json().room.live;
    expect(live).toMatchObject({ active: true, buyers: 3 });
    // Those holding seats go on choosing; a newcomer queues.
    expect((await buyers[0]!.lock(lockBody(show, seats[3]!))).statusCode).toBe(200);
    const newcomer = new Browser(t.app);
    expect((await newcomer.lock(lockBody(show, seats[4]!))).json()).toMatchObject({ code: 'queue_required' });
    expect(await newcomer.queue('POST', show)).toMatchObject({ state: 'waiting', position: null });
    await tick();
    expect(await newcomer.queue('GET', show)).toMatchObject({ state: 'admitted' });
    expect((await newcomer.lock(lockBody(show, seats[4]!))).statusCode).toBe(200);
  });

  it('stands in front of several shows at once: one place and one pass for them all', async () => {
    t = await createTestApp(dialect);
    const open = (await listPresentations(t.app)).filter(
      (p) => p.isReserved && p.saleStatus === 'open' && p.category !== 'video' && p.seatsLeft! > 50,
    );
    const [a, b, c, d, e] = open;
    const now = new Date(t.clock.now()).toISOString();
    const made = await setRoom(a!, { mode: 'on', opensAt: now, admitPerMinute: 60, alsoFor: [b!.id] });
    expect(made.room.presentationIds).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    const staff = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    const fromB = (await staff.get(`/api/admin/presentations/${b!.id}/waiting-room`)).json();
    expect(fromB.room.id).toBe(made.room.id);
    expect(fromB.together).toContainEqual(expect.objectContaining({ id: a!.id, roomId: made.room.id }));

    // One place, taken from either show, lets its visitor into both.
    const buyer = new Browser(t.app);
    const [seatA] = await freeSeats(t.app, a!);
    const [seatB] = await freeSeats(t.app, b!);
    expect((await buyer.lock(lockBody(b!, seatB!))).json()).toMatchObject({ code: 'queue_required' });
    await buyer.queue('POST', b!);
    await tick();
    expect(await buyer.queue('GET', a!)).toMatchObject({ state: 'admitted' });
    expect((await buyer.lock(lockBody(a!, seatA!))).statusCode).toBe(200);
    expect((await buyer.lock(lockBody(b!, seatB!))).statusCode).toBe(200);

    // A show behind another room that people have joined stays there; one nobody joined moves over.
    await setRoom(c!, { mode: 'on' });
    await new Browser(t.app).queue('POST', c!);
    const refused = await staff.put(`/api/admin/presentations/${a!.id}/waiting-room`, {
      ...made.defaults,
      mode: 'on',
      opensAt: now,
      alsoFor: [b!.id, c!.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'waiting_room_elsewhere',
      params: { presentationId: c!.id },
    });
    await setRoom(d!, { mode: 'on' });
    const moved = await setRoom(a!, { mode: 'on', opensAt: now, alsoFor: [d!.id] });
    expect(moved.room.presentationIds).toEqual([a!.id, d!.id].sort((x, y) => x - y));
    expect((await staff.get(`/api/admin/presentations/${d!.id}/waiting-room`)).json().room.id).toBe(
      made.room.id,
    );
    // b left the room: anyone buys it again; an unknown show is refused.
    expect((await new Browser(t.app).lock(lockBody(b!, (await freeSeats(t.app, b!))[1]!))).statusCode).toBe(
      200,
    );
    const unknown = await staff.put(`/api/admin/presentations/${a!.id}/waiting-room`, {
      ...made.defaults,
      alsoFor: [999_999],
    });
    expect(unknown.json()).toMatchObject({ code: 'event_not_found' });
    // And a room can start again at a show that left one: it gets a name of its own.
    expect((await setRoom(e!, { mode: 'on', alsoFor: [b!.id] })).room.presentationIds).toContain(b!.id);
  });

  it('answers bad settings and callers with catalogue errors', async () => {
    t = await createTestApp(dialect);
    const show = await openShow(t.app);
    const staff = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    const base = (await staff.get(`/api/admin/presentations/${show.id}/waiting-room`)).json().defaults;
    expect(
      (await staff.put(`/api/admin/presentations/${show.id}/waiting-room`, { ...base, admitPerMinute: 0 }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await staff.put(`/api/admin/presentations/${show.id}/waiting-room`, {
          ...base,
          mode: 'auto',
          autoBuyers: null,
        })
      ).json(),
    ).toMatchObject({ code: 'formValidation' });
    expect((await staff.get('/api/admin/presentations/999999/waiting-room')).json()).toMatchObject({
      code: 'event_not_found',
    });
    const clerk = asStaff(t.app, await demoStaffCookie(t.app, 'box_office'));
    expect((await clerk.put(`/api/admin/presentations/${show.id}/waiting-room`, base)).statusCode).toBe(403);
    // No room: the queue says so, without a visitor even.
    expect((await t.app.inject({ method: 'GET', url: `/api/queue/${show.id}` })).json()).toEqual({
      state: 'none',
    });
  });
});
