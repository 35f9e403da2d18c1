import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { commit, seatShop } from '../testing/checkout.ts';
import { findPresentation, lockBody, lockFrom, plainFreeSeats } from '../testing/fixtures.ts';
import { createTestApp, dialects, type TestApp, type TestAppOptions, visitor } from '../testing/harness.ts';

async function freeStatus(app: FastifyInstance, p: PresentationSummary, key: string): Promise<boolean> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/seats/seats-statusV2?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=1`,
  });
  return key in (res.json() as { seats: Record<string, string> }).seats;
}

describe.each(dialects)('abuse limits on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const open = async (env: Record<string, string>, opts: TestAppOptions = {}) => {
    t = await createTestApp(dialect, { ...opts, env: { ...env, ...opts.env } });
    const movies = [];
    for (const plan of [11, 12])
      movies.push(
        await findPresentation(
          t.app,
          (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === plan,
        ),
      );
    const seats = await Promise.all(movies.map(async (m) => plainFreeSeats(t!.app, m)));
    return { app: t.app, movies, seats, clock: t.clock };
  };

  it('accepts only visitor ids the box office issued (visitor_required otherwise)', async () => {
    const { app, movies, seats } = await open({});
    const session = await app.inject({ method: 'GET', url: '/api/session' });
    const issued = (session.json() as { uuid: string }).uuid;
    const body = lockBody(movies[0]!, seats[0]![0]!);
    const minted = crypto.randomUUID();
    for (const op of ['lock', 'unlock'] as const) {
      const res = await lockFrom(app, minted, body, undefined, op);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'visitor_required' });
    }
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: { uuid: minted } });
    expect(cart.json()).toMatchObject({ code: 'visitor_required' });
    // A forged id keeps the random half of an issued one and guesses the rest.
    const forged = `${issued.slice(0, 24)}${issued.slice(24) === '000000000000' ? '111111111111' : '000000000000'}`;
    expect((await lockFrom(app, forged, body)).json()).toMatchObject({ code: 'visitor_required' });
    expect(await freeStatus(app, movies[0]!, seats[0]![0]!.key)).toBe(true);

    const ok = await lockFrom(app, issued.toUpperCase(), body);
    expect(ok.statusCode, ok.body).toBe(200);
    // A cookie with an id the box office did not issue is replaced by one it did.
    const again = await app.inject({ method: 'GET', url: '/api/session', cookies: { uuid: minted } });
    const replaced = (again.json() as { uuid: string }).uuid;
    expect(replaced).not.toBe(minted);
    expect(again.cookies.find((c) => c.name === 'uuid')).toMatchObject({ value: replaced, httpOnly: true });
    const kept = await app.inject({ method: 'GET', url: '/api/session', cookies: { uuid: issued } });
    expect((kept.json() as { uuid: string }).uuid).toBe(issued);
  });

  it('caps the seats one visitor holds across presentations (429, Retry-After), and frees the refused seat', async () => {
    const { app, movies, seats, clock } = await open({ LIMIT_HELD_SEATS_PER_VISITOR: '3' });
    const me = visitor();
    for (const [m, s] of [
      [0, 0],
      [0, 1],
      [1, 0],
    ] as const)
      expect((await lockFrom(app, me, lockBody(movies[m]!, seats[m]![s]!))).statusCode).toBe(200);
    const over = await lockFrom(app, me, lockBody(movies[1]!, seats[1]![1]!));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'too_many_attempts' });
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(over.json().params.retryAfterSeconds).toBe(retry);
    expect(await freeStatus(app, movies[1]!, seats[1]![1]!.key)).toBe(true);
    // Someone else is not limited by my holds.
    expect(
      (await lockFrom(app, visitor(), lockBody(movies[1]!, seats[1]![1]!), '198.51.100.1')).statusCode,
    ).toBe(200);
    // Once my holds lapse (Retry-After later), I may hold seats again.
    clock.advance(retry * 1000);
    expect((await lockFrom(app, me, lockBody(movies[1]!, seats[1]![2]!))).statusCode).toBe(200);
  });

  it('caps the seats held from one address across visitors; X-Forwarded-For counts only behind TRUST_PROXY', async () => {
    const { app, movies, seats } = await open({ LIMIT_HELD_SEATS_PER_ADDRESS: '4' });
    const s = seats[0]!;
    const script = '192.0.2.66';
    for (let i = 0; i < 4; i++)
      expect((await lockFrom(app, visitor(), lockBody(movies[0]!, s[i]!), script)).statusCode).toBe(200);
    const fifth = await lockFrom(app, visitor(), lockBody(movies[1]!, seats[1]![0]!), script);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await freeStatus(app, movies[1]!, seats[1]![0]!.key)).toBe(true);
    // Without a trusted proxy a forged X-Forwarded-For changes nothing.
    const forged = await app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      headers: { uuid: visitor(), 'x-forwarded-for': '203.0.113.200' },
      remoteAddress: script,
      payload: lockBody(movies[1]!, seats[1]![0]!),
    });
    expect(forged.statusCode).toBe(429);
    expect(
      (await lockFrom(app, visitor(), lockBody(movies[1]!, seats[1]![0]!), '192.0.2.67')).statusCode,
    ).toBe(200);
  });

  it('behind TRUST_PROXY, counts the client address the proxy names', async () => {
    const { app, movies, seats } = await open({ LIMIT_HELD_SEATS_PER_ADDRESS: '1', TRUST_PROXY: '10.0.0.1' });
    const via = (client: string, seat: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/seats/lock-seat',
        headers: { uuid: visitor(), 'x-forwarded-for': client },
        remoteAddress: '10.0.0.1',
        payload: lockBody(movies[0]!, seats[0]![seat]!),
      });
    expect((await via('203.0.113.1', 0)).statusCode).toBe(200);
    expect((await via('203.0.113.2', 1)).statusCode).toBe(200);
    expect((await via('203.0.113.1', 2)).statusCode).toBe(429);
  });

  it('limits lock and unlock calls per visitor and per address per minute', async () => {
    const { app, movies, seats, clock } = await open({
      LIMIT_LOCKS_PER_MINUTE_PER_VISITOR: '4',
      LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS: '6',
    });
    const me = visitor();
    const body = lockBody(movies[0]!, seats[0]![0]!);
    for (const op of ['lock', 'unlock', 'lock', 'unlock'] as const)
      expect((await lockFrom(app, me, body, '192.0.2.1', op)).statusCode).toBe(200);
    const fifth = await lockFrom(app, me, body, '192.0.2.1');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fifth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await freeStatus(app, movies[0]!, seats[0]![0]!.key)).toBe(true);
    // The address has room for one more call from another visitor, then none.
    expect((await lockFrom(app, visitor(), body, '192.0.2.1')).statusCode).toBe(200);
    expect(
      (await lockFrom(app, visitor(), lockBody(movies[0]!, seats[0]![1]!), '192.0.2.1')).statusCode,
    ).toBe(429);
    clock.advance(60_000);
    expect((await lockFrom(app, me, lockBody(movies[0]!, seats[0]![2]!), '192.0.2.1')).statusCode).toBe(200);
  });

  it('limits payment commits per visitor per 10 minutes', async () => {
    const { app } = await open({ LIMIT_COMMITS_PER_10MIN_PER_VISITOR: '2' });
    const shop = await seatShop(t!);
    const me = visitor();
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await commit(app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, 1)));
      codes.push(res.statusCode === 429 ? (res.json() as { code: string }).code : res.statusCode);
    }
    expect(codes).toEqual([200, 200, 'too_many_attempts']);
  });

  it('verifies the captcha on lock and commit when one is configured, failing closed', async () => {
    const captcha = {
      enabled: true,
      verify: async (token: string | undefined) => {
        if (token === 'down') throw new Error('verifier unreachable');
        return token === 'human';
      },
    };
    const { app, movies, seats } = await open({}, { captcha });
    const me = visitor();
    const body = lockBody(movies[0]!, seats[0]![0]!);
    for (const token of [undefined, 'robot', 'down']) {
      const res = await lockFrom(app, me, { ...body, ...(token ? { recaptchaToken: token } : {}) });
      expect(res.statusCode, String(token)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: 'invalid_captcha' });
    }
    expect(await freeStatus(app, movies[0]!, seats[0]![0]!.key)).toBe(true);
    expect((await lockFrom(app, me, { ...body, recaptchaToken: 'human' })).statusCode).toBe(200);
    const shop = await seatShop(t!);
    const res = await commit(app, me, crypto.randomUUID(), { ...shop.cart([]), recaptchaToken: 'robot' });
    expect(res.json()).toMatchObject({ code: 'invalid_captcha' });
  });
});
