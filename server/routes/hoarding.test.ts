import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { type FreeSeat, freeSeats, listPresentations, lockBody, lockFrom } from '../testing/fixtures.ts';
import { MEMBERSHIP, SERIES_PRESENTATIONS } from '../seed/membershipIds.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';

/** Issue 32: one client address must not take a hall off sale, however many visitor ids it mints. */
const SCRIPT = '192.0.2.99';
const NEIGHBOUR = '198.51.100.42';

async function newVisitor(app: FastifyInstance, address: string) {
  const res = await app.inject({ method: 'GET', url: '/api/session', remoteAddress: address });
  return res;
}

/** The demo's smallest hall on sale with numbered seats, and its seat count. */
async function smallestHall(t: TestApp): Promise<{ show: PresentationSummary; seats: number }> {
  const plans = await t.db.kysely.selectFrom('seatplans').select(['id', 'seat_count']).execute();
  const size = new Map(plans.map((p) => [p.id, Number(p.seat_count)]));
  const shows = (await listPresentations(t.app)).filter(
    (p) => p.isReserved && p.saleStatus === 'open' && p.category !== 'video',
  );
  shows.sort((a, b) => size.get(a.seatplanId)! - size.get(b.seatplanId)!);
  return { show: shows[0]!, seats: size.get(shows[0]!.seatplanId)! };
}

/**
 * A script from one address: fresh visitor ids from GET /api/session, each locking seats until its own
 * cap, until the box office refuses. Answers how many seats it held and the refusal.
 */
async function hoard(app: FastifyInstance, show: PresentationSummary, free: FreeSeat[]) {
  let held = 0;
  let uuid = '';
  let perVisitor = 10;
  for (const seat of free) {
    if (perVisitor === 10) {
      uuid = ((await newVisitor(app, SCRIPT)).json() as { uuid: string }).uuid;
      perVisitor = 0;
    }
    const res = await lockFrom(app, uuid, lockBody(show, seat), SCRIPT);
    if (res.statusCode === 200) {
      held++;
      perVisitor++;
    } else if (res.statusCode === 429) return { held, refusal: res, seat };
  }
  return { held, refusal: undefined, seat: undefined };
}

describe.each(dialects)('hoarding from one address on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('holds a share of the smallest hall per address (429, Retry-After), not the whole hall', async () => {
    // Before issue 32 (no cap per presentation): one address took every free seat.
    t = await createTestApp(dialect, { env: { LIMIT_HELD_SEATS_PER_ADDRESS: '200' } });
    const before = await smallestHall(t);
    const freeBefore = await freeSeats(t.app, before.show);
    expect((await hoard(t.app, before.show, freeBefore)).held).toBe(freeBefore.length);
    expect(await freeSeats(t.app, before.show)).toHaveLength(0);
    await t.close();

    // Now, with the default cap: the larger of 2 × MAX_SEATS_PER_TRANSACTION and 3 % of the hall.
    t = await createTestApp(dialect, {
      env: {
        LIMIT_HELD_SEATS_PER_ADDRESS: '200',
        LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_MIN: '20',
      },
    });
    const { show, seats } = await smallestHall(t);
    const cap = Math.max(20, Math.ceil(seats * 0.03));
    const free = await freeSeats(t.app, show);
    expect(free.length).toBeGreaterThan(cap);
    const { held, refusal, seat } = await hoard(t.app, show, free);
    expect(held).toBe(cap);
    expect(refusal?.json()).toMatchObject({ code: 'too_many_attempts' });
    const retry = Number(refusal!.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    // The refused seat is free again, the rest of the hall is on sale, and a neighbour may buy.
    const left = await freeSeats(t.app, show);
    expect(left).toHaveLength(free.length - cap);
    expect(left.map((s) => s.key)).toContain(seat!.key);
    const neighbour = ((await newVisitor(t.app, NEIGHBOUR)).json() as { uuid: string }).uuid;
    expect((await lockFrom(t.app, neighbour, lockBody(show, seat!), NEIGHBOUR)).statusCode).toBe(200);
    // Once the script's first holds lapse (Retry-After later) it may hold seats again, up to the cap.
    t.clock.advance(retry * 1000);
    const again = ((await newVisitor(t.app, SCRIPT)).json() as { uuid: string }).uuid;
    expect((await lockFrom(t.app, again, lockBody(show, left[1]!), SCRIPT)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it changes nothing', async () => {
    t = await createTestApp(dialect, { env: { LIMIT_HELD_SEATS_PER_ADDRESS: '3' } });
    const { show } = await smallestHall(t);
    const free = await freeSeats(t.app, show);
    const from = async (address: string, seat: FreeSeat) => {
      const uuid = ((await newVisitor(t!.app, address)).json() as { uuid: string }).uuid;
      return lockFrom(t!.app, uuid, lockBody(show, seat), address);
    };
    for (const [i, address] of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:a:b:c:d'].entries())
      expect((await from(address, free[i]!)).statusCode).toBe(200);
    const rotated = await from('2001:db8:1:2:ffff::9', free[3]!);
    expect(rotated.statusCode).toBe(429);
    expect(rotated.json()).toMatchObject({ code: 'too_many_attempts' });
    expect((await from('2001:db8:1:3::1', free[3]!)).statusCode).toBe(200);
  });

  it('issues one address only so many visitor ids a minute; a known visitor keeps its id', async () => {
    t = await createTestApp(dialect, { env: { LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS: '5' } });
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await newVisitor(t.app, SCRIPT);
      expect(res.statusCode).toBe(200);
      ids.add((res.json() as { uuid: string }).uuid);
    }
    expect(ids.size).toBe(5);
    const sixth = await newVisitor(t.app, SCRIPT);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.cookies.find((c) => c.name === 'uuid')).toBeUndefined();
    // A page still loads, without a new id; a visitor who has one keeps it; another address is not limited.
    const page = await t.app.inject({ method: 'GET', url: '/api/settings', remoteAddress: SCRIPT });
    expect(page.statusCode).toBe(200);
    const known = [...ids][0]!;
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      remoteAddress: SCRIPT,
      cookies: { uuid: known },
    });
    expect(kept.json()).toEqual({ uuid: known });
    // So does one that sends its id without the cookie (an API client): it is given that id's cookie back.
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      remoteAddress: SCRIPT,
      headers: { uuid: known },
    });
    expect(byHeader.json()).toEqual({ uuid: known });
    expect(byHeader.cookies.find((c) => c.name === 'uuid')).toMatchObject({ value: known, httpOnly: true });
    expect((await newVisitor(t.app, NEIGHBOUR)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await newVisitor(t.app, SCRIPT)).statusCode).toBe(200);
  });

  it('continues a hold given up and taken again from the same address; it ends for good after one span', async () => {
    t = await createTestApp(dialect, { env: { LIMIT_HOLD_RETAKE_SECONDS: '600' } });
    const { show } = await smallestHall(t);
    const details = (await t.app.inject({ method: 'GET', url: `/api/presentations/${show.id}` })).json() as {
      lockTimer: Record<string, number>;
    };
    const steps = Object.values(details.lockTimer);
    const ttl = steps.reduce((a, b) => a + b, 0) * 1000;
    const span = ttl + Math.max(...steps) * 1000;
    const seat = (await freeSeats(t.app, show))[0]!;
    const body = lockBody(show, seat);
    const expiry = (res: { json(): unknown }) => Date.parse((res.json() as { expiresAt: string }).expiresAt);
    const id = async () => ((await newVisitor(t!.app, SCRIPT)).json() as { uuid: string }).uuid;
    const start = t.clock.now();

    const first = await id();
    const a = await lockFrom(t.app, first, body, SCRIPT);
    expect(expiry(a)).toBe(start + ttl);
    t.clock.advance(60_000);
    expect((await lockFrom(t.app, first, body, SCRIPT, 'unlock')).statusCode).toBe(200);
    // Taken again at once under a new id: the same hold, still counted from its start.
    const b = await lockFrom(t.app, await id(), body, SCRIPT);
    expect(b.statusCode, b.body).toBe(200);
    expect(expiry(b)).toBe(start + 60_000 + ttl);
    // Let lapse and taken again: the rest of one span (the flow and its one extension), no more.
    t.clock.advance(ttl);
    const third = await id();
    const c = await lockFrom(t.app, third, body, SCRIPT);
    expect(expiry(c)).toBe(start + span);
    // Its one extension cannot outlast the span either.
    const ext = await t.app.inject({
      method: 'PUT',
      url: '/api/seats/extend-lock',
      headers: { uuid: third },
      remoteAddress: SCRIPT,
      payload: { presentationId: show.id },
    });
    expect(ext.statusCode, ext.body).toBe(200);
    expect(expiry(ext)).toBe(start + span);
    // After the span the address is refused the seat until it has been free for the retake window.
    t.clock.set(start + span + 30_000);
    const d = await lockFrom(t.app, await id(), body, SCRIPT);
    expect(d.statusCode).toBe(429);
    expect(d.json()).toMatchObject({ code: 'too_many_attempts' });
    const wait = Number(d.headers['retry-after']);
    expect(wait).toBe(600 - 30);
    expect((await freeSeats(t.app, show)).map((s) => s.key)).toContain(seat.key);
    // Another address may take it meanwhile; this one again once the window has passed.
    const other = ((await newVisitor(t.app, NEIGHBOUR)).json() as { uuid: string }).uuid;
    const e = await lockFrom(t.app, other, body, NEIGHBOUR);
    expect(expiry(e)).toBe(t.clock.now() + ttl);
    expect((await lockFrom(t.app, other, body, NEIGHBOUR, 'unlock')).statusCode).toBe(200);
    t.clock.advance(wait * 1000);
    const f = await lockFrom(t.app, await id(), body, SCRIPT);
    expect(expiry(f)).toBe(t.clock.now() + ttl);
  });

  it("keeps a series membership's seat to the same rule: taken again at once, the same hold", async () => {
    t = await createTestApp(dialect, { env: { LIMIT_HOLD_RETAKE_SECONDS: '600' } });
    const series = MEMBERSHIP.seriesClassics;
    const shows = SERIES_PRESENTATIONS[series]!;
    const p = await t.db.kysely
      .selectFrom('presentations')
      .select(['venue_id', 'seatplan_id', 'lock_timer_json'])
      .where('id', '=', shows[0]!)
      .executeTakeFirstOrThrow();
    const steps = Object.values(JSON.parse(p.lock_timer_json) as Record<string, number>);
    const span = (steps.reduce((a, b) => a + b, 0) + Math.max(...steps)) * 1000;
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/membership/seats-status?membershipId=${series}`,
    });
    const [key, value] = Object.entries((status.json() as { seats: Record<string, string> }).seats)[0]!;
    const [si, x, y] = key.split('_').map(Number) as [number, number, number];
    const seat = {
      MembershipId: series,
      VenueId: p.venue_id,
      VenueSeatplanId: p.seatplan_id,
      VenueSectionId: si,
      TicketGroupId: Number(value.split(',')[0]),
      XCoordinate: x,
      YCoordinate: y,
    };
    const call = async (op: 'lock' | 'unlock', address: string, uuid?: string, selections: object[] = []) => {
      const who = uuid ?? ((await newVisitor(t!.app, address)).json() as { uuid: string }).uuid;
      const res = await t!.app.inject({
        method: 'PUT',
        url: `/api/membership/${op}-seat`,
        headers: { uuid: who },
        remoteAddress: address,
        payload: { seat: { ...seat, selections } },
      });
      return { res, who };
    };
    const start = t.clock.now();
    const first = await call('lock', SCRIPT);
    expect(first.res.statusCode, first.res.body).toBe(200);
    t.clock.advance(60_000);
    const mine = [{ si, x, y, tg: seat.TicketGroupId }];
    expect((await call('unlock', SCRIPT, first.who, mine)).res.statusCode).toBe(200);
    expect((await call('lock', SCRIPT)).res.statusCode).toBe(200);
    const starts = await t.db.kysely
      .selectFrom('seat_holds')
      .select('created_at')
      .where('presentation_id', 'in', shows)
      .where('section_id', '=', si)
      .where('x', '=', x)
      .where('y', '=', y)
      .execute();
    expect(starts.map((h) => Number(h.created_at))).toEqual(shows.map(() => start));
    // Past one span the address is refused the seat for a while; a neighbour may have it.
    t.clock.set(start + span + 30_000);
    const late = await call('lock', SCRIPT);
    expect(late.res.statusCode).toBe(429);
    expect(late.res.json()).toMatchObject({ code: 'too_many_attempts' });
    expect((await call('lock', NEIGHBOUR)).res.statusCode).toBe(200);
  });
});
