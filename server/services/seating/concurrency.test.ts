import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../../testing/harness.ts';
import { findPresentation, freeSeats, lockBody } from '../../testing/fixtures.ts';

const RACERS = 60;

/**
 * Many visitors race for one seat over real HTTP, spread across three server instances that share the
 * database (as several processes would share PostgreSQL). Exactly one may win.
 */
describe.each(dialects)('concurrent locks on %s', (dialect) => {
  let t: TestApp;
  const servers: FastifyInstance[] = [];
  const urls: string[] = [];
  let movie: PresentationSummary;

  beforeAll(async () => {
    t = await createTestApp(dialect, { poolSize: 16 });
    servers.push(t.app);
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({
        dataDir: t.config.dataDir,
        databaseUrl: t.config.databaseUrl,
        databaseSchema: t.config.databaseSchema,
        poolSize: 16,
      });
      servers.push(await buildApp({ config: t.config, db, clock: t.clock }));
    }
    for (const s of servers) urls.push(await s.listen({ port: 0, host: '127.0.0.1' }));
    // A show a week away, so moving the clock never closes its sale.
    movie = await findPresentation(t.app, (p) => p.category === 'movie' && p.businessDate >= '2026-12-01');
  });
  afterAll(async () => {
    for (const s of servers.slice(1)) await s.close();
    await t?.close();
  });

  async function race(body: unknown, racers: string[]) {
    return Promise.all(
      racers.map(async (uuid, i) => {
        const res = await fetch(`${urls[i % urls.length]}/api/seats/lock-seat`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', uuid },
          body: JSON.stringify(body),
        });
        return { uuid, status: res.status, body: (await res.json()) as { code?: string } };
      }),
    );
  }

  it(`lets exactly one of ${RACERS} visitors lock the same seat`, async () => {
    const [seat] = await freeSeats(t.app, movie);
    const results = await race(
      lockBody(movie, seat!),
      Array.from({ length: RACERS }, () => visitor()),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'lock_seat_error')).toHaveLength(
      RACERS - 1,
    );
    const held = await t.db.kysely
      .selectFrom('seat_holds')
      .selectAll()
      .where('presentation_id', '=', movie.id)
      .where('section_id', '=', seat!.sectionId)
      .where('x', '=', seat!.x)
      .where('y', '=', seat!.y)
      .execute();
    expect(held).toHaveLength(1);
    expect(held[0]!.visitor).toBe(winners[0]!.uuid);
  });

  it('keeps the race fair once the lock lapses: again exactly one winner', async () => {
    const [seat] = await freeSeats(t.app, movie);
    const body = lockBody(movie, seat!);
    expect((await race(body, [visitor()]))[0]!.status).toBe(200);
    t.clock.advance(24 * 3600_000);
    const results = await race(
      body,
      Array.from({ length: RACERS }, () => visitor()),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('hands out distinct general-admission places to concurrent visitors', async () => {
    const ga = await findPresentation(
      t.app,
      (p) => !p.isReserved && !p.isVod && p.venueId === 5 && p.saleStatus === 'open',
    );
    const results = await race(
      lockBody(ga, { sectionId: 1, ticketGroupId: 41 }),
      Array.from({ length: 40 }, () => visitor()),
    );
    const won = results
      .filter((r) => r.status === 200)
      .map((r) => JSON.stringify((r.body as { lockedSeat?: unknown }).lockedSeat));
    expect(won).toHaveLength(40);
    expect(new Set(won).size).toBe(40);
  });
});
