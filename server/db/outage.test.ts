import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { type PgProxy, startPgProxy } from '../testing/pgProxy.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { type Db, openDatabase } from './index.ts';

/**
 * A box-office process survives PostgreSQL going away, whatever its connections were doing (issue 40:
 * a process once exited during the outage test). Every way a connection can die here is made to
 * happen deterministically through a proxy that resets them: a connection lent to a transaction between
 * its statements (an 'error' event on a client pg-pool does not listen to while it is lent: this ended
 * the process until 2026-11-23), one under a query, an idle one in the pool, the change feed's LISTEN
 * connection, and new connections refused meanwhile. Node ends a process on an 'error' event nobody
 * listens to, which arrives as an uncaught exception: none may arrive, the calls fail as "database
 * unavailable" (503), and everything works again once the database is back.
 */
describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL outage', () => {
  let t: TestApp;
  let proxy: PgProxy;
  let db: Db;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    t = await createTestApp('postgres', { seed: false });
    proxy = await startPgProxy({ port: 4458, databaseUrl: process.env.DATABASE_URL! });
    db = await openDatabase({
      dataDir: '',
      databaseUrl: proxy.url,
      databaseSchema: t.config.databaseSchema,
      poolSize: 4,
    });
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await db?.close();
    await proxy?.close();
    await t?.close();
  });

  it('costs no process its life, whichever connections it cuts, and is over when the database is back', async () => {
    const feedErrors: unknown[] = [];
    const feed = db.changeFeed((err) => feedErrors.push(err));
    let gaps = 0;
    await feed.start({ onEvents: () => undefined, onGap: () => gaps++, onStart: () => undefined });
    // Idle connections in the pool, as after any busy moment.
    await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(db.kysely)));

    let cut: Promise<void> | undefined;
    const results = await Promise.allSettled([
      // Lent to a transaction, between its statements, when the connection is reset.
      db.kysely.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        cut = proxy.cut(1500);
        await new Promise((r) => setTimeout(r, 200));
        await sql`SELECT 2`.execute(trx);
      }),
      // Under a query.
      sql`SELECT pg_sleep(1)`.execute(db.kysely),
    ]);
    await new Promise((r) => setTimeout(r, 100));
    // While it is away: new connections are refused, and that too is "unavailable".
    const during = await sql`SELECT 3`.execute(db.kysely).then(
      () => null,
      (err: unknown) => err,
    );
    await cut;

    expect(uncaught).toEqual([]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(isDatabaseUnavailable((r as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(isDatabaseUnavailable(during)).toBe(true);
    expect(feedErrors.length).toBeGreaterThan(0);

    // Back: queries go through again, and the feed reconnects and says events may have been missed.
    await expect
      .poll(() =>
        sql`SELECT 4 AS n`.execute(db.kysely).then(
          (r) => r.rows,
          () => null,
        ),
      )
      .toEqual([{ n: 4 }]);
    await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
    await feed.stop();
    expect(uncaught).toEqual([]);
  });
});
