import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';
import type { PresentationSummary } from '../src/api/contract/presentations.ts';
import { parseSeatKey } from '../src/domain/seatKey.ts';
import { dropSchema, pct } from './common.ts';
import { BENCH_LIMITS, visitor } from './visitors.ts';

/**
 * Server load benchmark: seat-lock throughput and latency over real HTTP with concurrent visitors,
 * the arena's status map and seat plan, and seeding time, on SQLite and (with DATABASE_URL) PostgreSQL.
 */
export interface ServerRun {
  database: 'sqlite' | 'postgres';
  seedMs: number;
  lockOpsPerSec: number;
  lockP50Ms: number;
  lockP95Ms: number;
  statusArenaP50Ms: number;
  statusArenaP95Ms: number;
  seatplanArenaP50Ms: number;
}

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function benchServer(database: 'sqlite' | 'postgres'): Promise<ServerRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const schema = `bench_${process.pid}`;
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: '',
    MAX_SEATS_PER_TRANSACTION: '100000',
    ...BENCH_LIMITS,
    // 32 visitors lock 4,000 seats as fast as they can: lock throughput, not a customer's pace.
    LIMIT_HELD_SEATS_PER_VISITOR: '100000',
    LIMIT_LOCKS_PER_MINUTE_PER_VISITOR: '1000000',
    ...(database === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  const db = await openDatabase({ ...config, poolSize: 16 });
  const t0 = performance.now();
  await seedDemoCatalogue(db.kysely, systemClock.now());
  const seedMs = Math.round(performance.now() - t0);
  const app = await buildApp({ config, db });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const list = (await (await fetch(`${base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const arena = list.presentations.find((p) => p.category === 'sport' && p.venueId === 4)!;
    const statusUrl = `${base}/api/seats/seats-statusV2?presentationId=${arena.id}&venueTypeId=${arena.venueTypeId}&isReserved=1`;
    const status = (await (await fetch(statusUrl)).json()) as { seats: Record<string, string> };
    const free = Object.entries(status.seats).slice(0, 4000);

    // 32 concurrent visitors lock distinct seats as fast as they can.
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        const uuid = visitor();
        for (let i = next++; i < free.length; i = next++) {
          const [key, value] = free[i]!;
          const { sectionId: s, x, y } = parseSeatKey(key)!;
          const t = performance.now();
          const res = await fetch(`${base}/api/seats/lock-seat`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', uuid },
            body: JSON.stringify({
              seat: {
                PresentationId: arena.id,
                VenueId: arena.venueId,
                VenueSeatplanId: arena.seatplanId,
                VenueSectionId: s,
                TicketGroupId: Number(value.split(',')[0]),
                XCoordinate: x,
                YCoordinate: y,
              },
            }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`lock failed: ${res.status}`);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const lockOpsPerSec = Math.round(free.length / ((performance.now() - started) / 1000));
    const statusTimes = await timed(30, async () => (await fetch(statusUrl)).arrayBuffer());
    const planTimes = await timed(20, async () =>
      (
        await fetch(`${base}/api/seats/seatplanV2?venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`)
      ).arrayBuffer(),
    );
    return {
      database,
      seedMs,
      lockOpsPerSec,
      lockP50Ms: pct(latencies, 50),
      lockP95Ms: pct(latencies, 95),
      statusArenaP50Ms: pct(statusTimes, 50),
      statusArenaP95Ms: pct(statusTimes, 95),
      seatplanArenaP50Ms: pct(planTimes, 50),
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    if (database === 'postgres') await dropSchema(schema);
  }
}

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`;
}
