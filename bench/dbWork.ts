import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dbCounters, pct, round2 } from './common.ts';
import { commitBody, loadArena, lockBody, type Seat } from './onsale/arena.ts';
import { startBoxOffice } from './onsale/boxOffice.ts';
import { machine } from './server.ts';
import { visitor } from './visitors.ts';

/**
 * The database's work per seat lock and per order (issue 40, part 2): one box-office process on
 * PostgreSQL, `BENCH_DBWORK_ORDERS` (100) buyers one after another, each locking 2 adjacent arena seats
 * and then paying for them with the sandbox's card. The box office counts every statement it sends and
 * the time it waits for each (`/metrics`: boxoffice_db_statements_total, boxoffice_db_statement_seconds_total),
 * read before and after each phase: statements and database milliseconds per lock and per order, with
 * nothing else running (no contention: the work itself). `db-work.json`; alone: `node bench/dbWork.ts`.
 */
const PORT = 4490;

async function send(
  method: string,
  url: string,
  uuid: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', uuid, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

export async function benchDbWork() {
  if (!process.env.DATABASE_URL) {
    console.log('database-work benchmark skipped: it needs DATABASE_URL (PostgreSQL)');
    return null;
  }
  const orders = Number(process.env.BENCH_DBWORK_ORDERS ?? 100);
  const office = await startBoxOffice({ workers: 1, port: PORT, schema: `bench_dbwork_${process.pid}` });
  try {
    const arena = await loadArena(office.base, 0);
    // Pairs of adjacent seats that are free and share no seat (the demo sold part of the arena).
    const { seats: free } = (await (await fetch(arena.statusUrl)).json()) as {
      seats: Record<string, string>;
    };
    const used = new Set<string>();
    const pairs: Seat[][] = [];
    for (const w of arena.windows[2]!) {
      if (pairs.length > orders) break;
      if (w.some((s) => used.has(s.key) || !(s.key in free))) continue;
      for (const s of w) used.add(s.key);
      pairs.push(w);
    }
    // One warm-up order: caches, prepared plans and the pool's connections are not what is measured.
    const warm = pairs.pop()!;
    const buyers = pairs.map((seats) => ({ uuid: visitor(), seats }));
    const warmUuid = visitor();
    for (const s of warm)
      await send('PUT', `${office.base}/api/seats/lock-seat`, warmUuid, lockBody(arena, s));
    await send('POST', `${office.base}/api/payment/commit`, warmUuid, commitBody(arena, warm), {
      'idempotency-key': crypto.randomUUID(),
    });

    const lockMs: number[] = [];
    const before = await dbCounters(office.base);
    for (const b of buyers)
      for (const s of b.seats)
        lockMs.push(await send('PUT', `${office.base}/api/seats/lock-seat`, b.uuid, lockBody(arena, s)));
    const locked = await dbCounters(office.base);
    const commitMs: number[] = [];
    for (const b of buyers)
      commitMs.push(
        await send('POST', `${office.base}/api/payment/commit`, b.uuid, commitBody(arena, b.seats), {
          'idempotency-key': crypto.randomUUID(),
        }),
      );
    const paid = await dbCounters(office.base);
    // A /metrics read queries the database itself (its gauges): measured, and taken off each phase.
    const scrape = await (async () => {
      const a = await dbCounters(office.base);
      const b = await dbCounters(office.base);
      return { statements: b.statements - a.statements, seconds: b.seconds - a.seconds };
    })();
    const locks = lockMs.length;
    const perLock = {
      statements: round2((locked.statements - before.statements - scrape.statements) / locks),
      dbMs: round2(((locked.seconds - before.seconds - scrape.seconds) * 1000) / locks),
      p50Ms: pct(lockMs, 50),
    };
    const perOrder = {
      statements: round2((paid.statements - locked.statements - scrape.statements) / orders),
      dbMs: round2(((paid.seconds - locked.seconds - scrape.seconds) * 1000) / orders),
      p50Ms: pct(commitMs, 50),
    };
    const result = {
      date: new Date().toISOString(),
      machine: machine(),
      orders,
      seatsPerOrder: 2,
      perLock,
      perOrder,
      statementsPerMetricsScrape: scrape.statements,
    };
    const dir = join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'db-work.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.table({ 'per lock': perLock, 'per order (2 seats)': perOrder });
    console.log('written bench/results/db-work.json');
    return result;
  } finally {
    await office.stop();
  }
}

if (import.meta.main) await benchDbWork();
