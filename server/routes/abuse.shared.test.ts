import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { guardCountsRepository } from '../db/repositories/guardCounts.ts';
import { fixedWindow } from '../services/visitors/slidingWindow.ts';
import { commit, seatShop } from '../testing/checkout.ts';
import { findPresentation, lockBody, lockFrom, plainFreeSeats } from '../testing/fixtures.ts';
import {
  createPeerApp,
  createTestApp,
  dialects,
  TEST_NOW,
  type TestApp,
  visitor,
} from '../testing/harness.ts';

/**
 * Issue 40: the lock, commit and code rates hold across box-office processes and hosts when they are
 * counted in the database (LIMITS_SHARED=1); off, each process counts alone. Two apps on one database
 * stand for two processes (or two hosts behind a load balancer).
 */
describe.each(dialects)('abuse limits across processes on %s', (dialect) => {
  let t: TestApp | undefined;
  let peer: FastifyInstance | undefined;
  afterEach(async () => {
    await peer?.close();
    await t?.close();
    peer = t = undefined;
  });
  const open = async (shared: '1' | '0', env: Record<string, string> = {}) => {
    t = await createTestApp(dialect, {
      env: {
        LIMITS_SHARED: shared,
        LIMIT_LOCKS_PER_MINUTE_PER_VISITOR: '4',
        LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS: '6',
        ...env,
      },
    });
    peer = await createPeerApp(t);
    const movie = await findPresentation(
      t.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    const seats = await plainFreeSeats(t.app, movie);
    return { apps: [t.app, peer], movie, seats, clock: t.clock };
  };

  it.each([
    ['1', 4],
    ['0', 8],
  ] as const)(
    'LIMITS_SHARED=%s: one visitor spread over two processes makes %i lock and unlock calls a minute',
    async (shared, accepted) => {
      const { apps, movie, seats } = await open(shared);
      const me = visitor();
      const body = lockBody(movie, seats[0]!);
      for (let i = 0; i < accepted; i++) {
        const res = await lockFrom(apps[i % 2]!, me, body, '192.0.2.1', i % 2 === 0 ? 'lock' : 'unlock');
        expect(res.statusCode, `call ${i + 1}`).toBe(200);
      }
      // Shared, both refuse the next call; alone, the first has had its 4 and refuses.
      for (const app of shared === '1' ? apps : [apps[0]!]) {
        const over = await lockFrom(app, me, body, '192.0.2.1');
        expect(over.statusCode).toBe(429);
        expect(over.json()).toMatchObject({ code: 'too_many_attempts' });
      }
    },
  );

  it.each([
    ['1', 4],
    ['0', 8],
  ] as const)(
    'LIMITS_SHARED=%s: one address spread over two processes is given %i new visitor ids a minute',
    async (shared, accepted) => {
      const { apps } = await open(shared, { LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS: '4' });
      const session = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/session', remoteAddress: '192.0.2.9' });
      for (let i = 0; i < accepted; i++)
        expect((await session(apps[i % 2]!)).statusCode, `id ${i + 1}`).toBe(200);
      for (const app of shared === '1' ? apps : [apps[0]!]) {
        const over = await session(app);
        expect(over.statusCode).toBe(429);
        expect(over.json()).toMatchObject({ code: 'too_many_attempts' });
      }
    },
  );

  it.each([
    ['1', 6],
    ['0', 12],
  ] as const)(
    'LIMITS_SHARED=%s: one address spread over two processes makes %i lock calls a minute',
    async (shared, accepted) => {
      const { apps, movie, seats } = await open(shared);
      for (let i = 0; i < accepted; i++) {
        const res = await lockFrom(apps[i % 2]!, visitor(), lockBody(movie, seats[i]!), '192.0.2.2');
        expect(res.statusCode, `call ${i + 1}`).toBe(200);
      }
      for (const app of shared === '1' ? apps : [apps[0]!]) {
        const over = await lockFrom(app, visitor(), lockBody(movie, seats[accepted]!), '192.0.2.2');
        expect(over.statusCode).toBe(429);
      }
      // Another address is not limited by this one.
      const other = await lockFrom(apps[1]!, visitor(), lockBody(movie, seats[accepted]!), '192.0.2.3');
      expect(other.statusCode).toBe(200);
    },
  );

  it('answers Retry-After at the end of the fixed window, on either process; the next window starts afresh', async () => {
    const { apps, movie, seats, clock } = await open('1');
    // TEST_NOW starts a minute: the window runs to TEST_NOW + 60 s.
    clock.advance(17_300);
    const me = visitor();
    const body = lockBody(movie, seats[0]!);
    for (const [i, op] of (['lock', 'unlock', 'lock', 'unlock'] as const).entries())
      expect((await lockFrom(apps[i % 2]!, me, body, '192.0.2.4', op)).statusCode).toBe(200);
    const over = await lockFrom(apps[1]!, me, body, '192.0.2.4');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('43');
    expect(over.json()).toMatchObject({ params: { retryAfterSeconds: 43 } });
    clock.advance(42_699);
    const last = await lockFrom(apps[0]!, me, body, '192.0.2.4');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await lockFrom(apps[0]!, me, body, '192.0.2.4')).statusCode).toBe(200);
  });

  it('counts payment commits in ten-minute windows (Retry-After at the window end)', async () => {
    const { apps, clock } = await open('1', { LIMIT_COMMITS_PER_10MIN_PER_VISITOR: '2' });
    const shop = await seatShop(t!);
    clock.advance(125_000);
    const me = visitor();
    // An empty cart is refused by the commit itself, after the guard has counted it.
    for (const app of apps)
      expect((await commit(app, me, crypto.randomUUID(), shop.cart([]))).statusCode).not.toBe(429);
    const over = await commit(apps[0]!, me, crypto.randomUUID(), shop.cart([]));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe(String(600 - 125));
  });

  it('counts concurrent calls from two processes exactly, in one statement each, and prunes ended windows', async () => {
    await open('1');
    const window = fixedWindow(TEST_NOW, 60_000);
    const repos = [guardCountsRepository(t!.db), guardCountsRepository(peer!.deps.db)];
    const before = t!.db.statements?.statements ?? 0;
    const hits = [
      { bucket: 'test:visitor', key: 'v' },
      { bucket: 'test:address', key: '192.0.2.5' },
    ];
    const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => repos[i % 2]!.count(hits, window)));
    // Each call's own count of the visitor and of the address, however the calls interleave.
    const sorted = (k: 0 | 1) => counts.map((c) => c[k]!).sort((a, b) => a - b);
    const oneTo20 = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(sorted(0)).toEqual(oneTo20);
    expect(sorted(1)).toEqual(oneTo20);
    // Ten calls on this process's database: ten statements (give or take the SQLite change feed's polls).
    if (dialect === 'postgres') expect((t!.db.statements?.statements ?? 0) - before).toBe(10);
    expect(await repos[0]!.pruneEnded(window.end - 1)).toBe(0);
    expect(await repos[1]!.pruneEnded(window.end)).toBe(2);
    expect(await repos[0]!.count(hits, window)).toEqual([1, 1]);
  });
});
