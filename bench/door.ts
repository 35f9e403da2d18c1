import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';
import { doorKey, signedDoorCode } from '../server/services/door/keys.ts';
import type { PresentationSummary } from '../src/api/contract/presentations.ts';
import { dropSchema, round2 } from './common.ts';
import type { CannonFigures, CannonJob } from './door/cannon.ts';
import { benchDoorPage, type DoorPageRun } from './door/page.ts';
import { buyTickets, scanVerdicts } from './door/tickets.ts';
import { NODE } from './onsale/boxOffice.ts';
import { machine } from './server.ts';
import { BENCH_LIMITS } from './visitors.ts';

/**
 * The door (issue 37): how many scans one box-office process answers per second, and how long a scan
 * takes to show its answer on the door page.
 *
 * Scans: one box office in this process (as hotReads.ts), the demo catalogue seeded, then
 * BENCH_DOOR_ORDERS paid orders of 4 arena seats bought over HTTP (lock, commit). Every ticket is
 * scanned twice by its signed code (the e-ticket's QR), so half the scans are first entries (the ticket
 * is let in: a nonce claimed, the entry written) and half are repeats (answered "already in"). One scan
 * per request (POST /api/admin/door/scans as the demo door user), each with a fresh nonce, sent by
 * autocannon in a process of its own (door/cannon.ts): steady (BENCH_DOOR_CONNECTIONS connections, 16,
 * a ticket's repeat 50 scans after its first entry) and a burst (BENCH_DOOR_BURST scans, 1,000, over
 * BENCH_DOOR_BURST_CONNECTIONS, 200, at once, a ticket's two scans side by side: two doors at one
 * moment). The same bodies go to a plain Fastify POST route in the same process (the baseline). After
 * each phase the database must hold exactly one admission per ticket and one row per scan, or the run
 * throws. On SQLite, and on PostgreSQL when DATABASE_URL is set.
 *
 * The page: door/page.ts (Playwright, the system Chromium). `door.json`. Alone: `node bench/door.ts`.
 */
export interface ScanPhase {
  phase: 'steady' | 'burst';
  connections: number;
  scans: number;
  /** Scans that let a ticket in for the first time; the others are its repeats. */
  firstEntries: number;
  /** POST /api/admin/door/scans. */
  door: CannonFigures;
  /** The plain route, the same bodies and connections. */
  plain: CannonFigures;
  /** Door scans/s as a share of the plain route's requests/s. */
  ratio: number;
  /** CPU the box office (this process) used during the door run, in % of one core. */
  serverCpuPct: number;
  /**
   * How busy its event loop was meanwhile, in %. Well above serverCpuPct: the loop was blocked without
   * using the CPU (a synchronous wait, such as SQLite's on a lock or a disk); both low: it was waiting.
   */
  serverLoopPct: number;
}

export interface DoorScansRun {
  database: 'sqlite' | 'postgres';
  orders: number;
  tickets: number;
  /** Buying the orders over HTTP (not a figure of the door; says how long the setup took). */
  buyMs: number;
  phases: ScanPhase[];
}

export interface DoorBenchResult {
  date: string;
  machine: string;
  scans: DoorScansRun[];
  page: DoorPageRun | null;
}

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** A ticket's repeat comes this many first entries after it (steady phase). */
const BLOCK = 50;
const WARMUP_TICKETS = 100;

/** Runs door/cannon.ts on a job; its figures. */
function cannon(job: CannonJob): Promise<CannonFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [join(import.meta.dirname, 'door', 'cannon.ts'), JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as CannonFigures)
        : reject(new Error(`door/cannon.ts exited ${code}: ${err.slice(-500)}`)),
    );
  });
}

/**
 * The request bodies of a phase: each code scanned twice, in blocks (its first entries, then their
 * repeats) or side by side (`pairs`), each scan with its own nonce, at one of eight doors.
 */
function scanBodies(codes: readonly string[], presentationId: number, tag: string, pairs: boolean): string[] {
  const order: string[] = [];
  if (pairs) for (const c of codes) order.push(c, c);
  else
    for (let i = 0; i < codes.length; i += BLOCK) {
      const block = codes.slice(i, i + BLOCK);
      order.push(...block, ...block);
    }
  return order.map((code, i) =>
    JSON.stringify({
      deviceId: `bench-${tag}-${i % 8}`,
      scans: [
        {
          nonce: `bench-${tag}-${String(i).padStart(8, '0')}`,
          code,
          presentationIds: [presentationId],
          door: `Door ${i % 8}`,
          direction: 'in',
          scannedAt: new Date().toISOString(),
        },
      ],
    }),
  );
}

export async function benchDoorScans(database: 'sqlite' | 'postgres'): Promise<DoorScansRun> {
  const orders = num('BENCH_DOOR_ORDERS', 1000);
  const connections = num('BENCH_DOOR_CONNECTIONS', 16);
  const burst = num('BENCH_DOOR_BURST', 1000);
  const burstConnections = num('BENCH_DOOR_BURST_CONNECTIONS', 200);
  const dir = mkdtempSync(join(tmpdir(), 'bench-door-'));
  const schema = `bench_door_${process.pid}`;
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    ...BENCH_LIMITS,
    ...(database === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  const db = await openDatabase({ ...config, poolSize: 16 });
  await seedDemoCatalogue(db.kysely, systemClock.now());
  const app = await buildApp({ config, db });
  const plain = fastify({ bodyLimit: 1 << 20 });
  plain.post('/ping', () => ({ ok: true }));
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const ping = `${await plain.listen({ port: 0, host: '127.0.0.1' })}/ping`;
    const { presentations } = (await (await fetch(`${base}/api/seats/presentations`)).json()) as {
      presentations: PresentationSummary[];
    };
    const arena = presentations.find((p) => p.category === 'sport' && p.isReserved);
    if (!arena) throw new Error('the demo catalogue has no arena presentation');

    console.log(`door (${database}): buying ${orders} orders of 4 arena seats …`);
    const bought = performance.now();
    const reservations = await buyTickets(base, arena, orders);
    const buyMs = Math.round(performance.now() - bought);
    const ids: string[] = [];
    for (let i = 0; i < reservations.length; i += 500) {
      const rows = await db.kysely
        .selectFrom('order_tickets')
        .select('ticket_identifier')
        .where('reservation_identifier', 'in', reservations.slice(i, i + 500))
        .execute();
      ids.push(...rows.map((r) => r.ticket_identifier));
    }
    const key = await doorKey(db.kysely);
    const codes = ids.map((id) => signedDoorCode(key, id, arena.id));

    const login = await fetch(`${base}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'door', password: 'door-demo-2026' }),
    });
    const cookie = /staff_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error(`the demo door user could not log in: ${login.status}`);
    const scansUrl = `${base}/api/admin/door/scans`;

    const bodiesFile = join(dir, 'bodies.json');
    const run = async (
      phase: ScanPhase['phase'] | 'warmup',
      tickets: readonly string[],
      conns: number,
    ): Promise<ScanPhase> => {
      const bodies = scanBodies(tickets, arena.id, phase, phase === 'burst');
      writeFileSync(bodiesFile, JSON.stringify(bodies));
      const plainFigures = await cannon({ url: ping, headers: {}, bodiesFile, connections: conns });
      const before = await scanVerdicts(db.kysely);
      const cpu = process.cpuUsage();
      const loop = performance.eventLoopUtilization();
      const started = performance.now();
      const door = await cannon({ url: scansUrl, headers: { cookie }, bodiesFile, connections: conns });
      const used = process.cpuUsage(cpu);
      const serverLoopPct = Math.round(performance.eventLoopUtilization(loop).utilization * 100);
      const serverCpuPct = Math.round(
        ((used.user + used.system) / 1e3 / (performance.now() - started)) * 100,
      );
      const after = await scanVerdicts(db.kysely);
      const delta = (v: string) => (after.get(v) ?? 0) - (before.get(v) ?? 0);
      const rows = [...after.keys()].reduce((n, v) => n + delta(v), 0);
      for (const f of [door, plainFigures])
        if (f.non2xx || f.errors || f.timeouts)
          throw new Error(`door ${phase}: ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts`);
      // Every ticket in once, every scan recorded once: anything else is a door letting someone in twice.
      if (
        delta('admitted') !== tickets.length ||
        rows !== bodies.length ||
        delta('already_in') !== rows - tickets.length
      )
        throw new Error(
          `door ${phase}: ${delta('admitted')} admitted of ${tickets.length} tickets, ${rows} scans recorded of ${bodies.length}`,
        );
      return {
        phase: phase === 'warmup' ? 'steady' : phase,
        connections: conns,
        scans: bodies.length,
        firstEntries: tickets.length,
        door,
        plain: plainFigures,
        ratio: round2(door.reqPerSec / plainFigures.reqPerSec),
        serverCpuPct,
        serverLoopPct,
      };
    };

    // Tickets for each phase; each phase's scans a whole multiple of its connections (autocannon shares them out).
    const fit = (tickets: number, conns: number) => (Math.floor((2 * tickets) / conns) * conns) / 2;
    const burstTickets = fit(burst / 2, burstConnections);
    const pool = codes.slice(WARMUP_TICKETS + burstTickets);
    const steadyTickets = fit(pool.length, connections);
    if (steadyTickets <= 0 || burstTickets <= 0) throw new Error('too few tickets: raise BENCH_DOOR_ORDERS');
    console.log(`door (${database}): ${codes.length} tickets; warm-up, steady, burst …`);
    await run('warmup', codes.slice(0, WARMUP_TICKETS), connections);
    const steady = await run('steady', pool.slice(0, steadyTickets), connections);
    const spike = await run(
      'burst',
      codes.slice(WARMUP_TICKETS, WARMUP_TICKETS + burstTickets),
      burstConnections,
    );
    return { database, orders, tickets: codes.length, buyMs, phases: [steady, spike] };
  } finally {
    await plain.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    if (database === 'postgres') await dropSchema(schema);
  }
}

/** Both halves, printed and written to bench/results/door.json. */
export async function benchDoor(): Promise<DoorBenchResult> {
  const scans = [await benchDoorScans('sqlite')];
  if (process.env.DATABASE_URL) scans.push(await benchDoorScans('postgres'));
  console.table(
    scans.flatMap((r) =>
      r.phases.map((p) => ({
        database: r.database,
        phase: p.phase,
        connections: p.connections,
        scans: p.scans,
        'scans/s': p.door.reqPerSec,
        'p50 ms': p.door.p50Ms,
        'p99 ms': p.door.p99Ms,
        'max ms': p.door.maxMs,
        'plain req/s': p.plain.reqPerSec,
        '× plain': p.ratio,
        'server cpu %': p.serverCpuPct,
        'loop busy %': p.serverLoopPct,
      })),
    ),
  );
  const page = await benchDoorPage();
  if (page)
    console.log(`door page: scan → answer p50 ${page.p50Ms} ms, p95 ${page.p95Ms} ms, max ${page.maxMs} ms`);
  const result: DoorBenchResult = { date: new Date().toISOString(), machine: machine(), scans, page };
  const out = join(import.meta.dirname, 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'door.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('written bench/results/door.json');
  return result;
}

if (import.meta.main) await benchDoor();
