import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { seedStaff } from '../server/seed/staff.ts';
import { auditSales } from '../server/testing/audit.ts';
import { pct, round2 } from './common.ts';
import { loadArena } from './onsale/arena.ts';
import { startBoxOffice } from './onsale/boxOffice.ts';
import { cpuMark, cpuSince } from './onsale/cpu.ts';
import { machine } from './server.ts';
import { checkCrowd } from './waitingRoom/checks.ts';
import { runCrowd } from './waitingRoom/crowd.ts';

/**
 * The waiting-room benchmark (issue 40): the real box office (WORKERS processes on PostgreSQL) with a
 * waiting room in front of the 20,680-seat arena, opening 15 s after the first arrival; 20,000 visitors
 * arrive evenly over a minute, each with its own visitor id, take a place, poll as told, and once let
 * in buy 2–4 seats with their pass. The room adapts its rate to keep the admitted buyers' p95 at the
 * target. Checks: nobody without a place, admission in order, the admitted buyers' latency at the
 * target, no double sell (the sales audit), no 5xx; and what a waiting visitor costs the box office.
 * `npm run bench` runs it (with DATABASE_URL); or `node bench/waitingRoom.ts`. BENCH_WR_VISITORS /
 * _ARRIVAL_SECONDS / _SECONDS / _TARGET_MS / _RATE / _WORKERS change it.
 */
function settings() {
  const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    visitors: n('BENCH_WR_VISITORS', 20_000),
    arrivalSeconds: n('BENCH_WR_ARRIVAL_SECONDS', 60),
    seconds: n('BENCH_WR_SECONDS', 150),
    opensAfterSeconds: n('BENCH_WR_OPENS_AFTER_SECONDS', 15),
    targetMs: n('BENCH_WR_TARGET_MS', 300),
    startRatePerMinute: n('BENCH_WR_RATE', 1200),
    workers: n('BENCH_WR_WORKERS', 2),
  };
}

/** The processes read the room at most a second old and a round runs each second. */
const ORDER_TOLERANCE_MS = 2_500;
const PORT = 4470;

async function staffCall(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ room: { live: Record<string, number | boolean | null> } | null }>;
}

export async function benchWaitingRoom() {
  if (!process.env.DATABASE_URL) {
    console.log('waiting-room benchmark skipped: it needs DATABASE_URL (PostgreSQL)');
    return null;
  }
  const s = settings();
  const schema = `bench_wr_${process.pid}`;
  const office = await startBoxOffice({ workers: s.workers, port: PORT, schema });
  try {
    const arena = await loadArena(office.base, 0);
    // The box office runs as in production (no demo staff): the manager is added for the bench.
    const db = await openDatabase({
      dataDir: '',
      databaseUrl: process.env.DATABASE_URL,
      databaseSchema: schema,
      poolSize: 2,
    });
    await seedStaff(db.kysely, Date.now());
    const login = await fetch(`${office.base}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: office.base },
      body: JSON.stringify({ username: 'manager', password: 'manager-demo-2026' }),
    });
    const cookie = /staff_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    if (!cookie) throw new Error(`staff login: ${login.status} ${await login.text()}`);
    const roomPath = `/api/admin/presentations/${arena.presentation.id}/waiting-room`;
    const startPerf = performance.now();
    const opensAt = Date.now() + s.opensAfterSeconds * 1000;
    await staffCall(office.base, cookie, 'PUT', roomPath, {
      mode: 'on',
      opensAt: new Date(opensAt).toISOString(),
      admitPerMinute: s.startRatePerMinute,
      targetMs: s.targetMs,
      autoBuyers: null,
      passMinutes: 20,
    });
    // What staff see, every 2 s.
    const timeline: Record<string, unknown>[] = [];
    const sampler = setInterval(() => {
      void staffCall(office.base, cookie, 'GET', roomPath)
        .then((r) => timeline.push({ t: round2((performance.now() - startPerf) / 1000), ...r.room?.live }))
        .catch(() => {});
    }, 2000);
    console.log(
      `waiting room: ${s.visitors} visitors over ${s.arrivalSeconds} s, ${s.workers} processes, target p95 ${s.targetMs} ms …`,
    );
    const pids = () => [office.primaryPid, ...office.workerPids];
    const mark = cpuMark(pids());
    const run = await runCrowd(arena, {
      visitors: s.visitors,
      arrivalMs: s.arrivalSeconds * 1000,
      seconds: s.seconds,
    });
    const cpu = cpuSince(mark, pids());
    clearInterval(sampler);
    const final = await staffCall(office.base, cookie, 'GET', roomPath);
    const audit = await auditSales(db.kysely).finally(() => db.close());

    const crowd = checkCrowd(run.visitors, startPerf + s.opensAfterSeconds * 1000, ORDER_TOLERANCE_MS);
    const lock = run.buyers.latencies('lock');
    const commit = run.buyers.latencies('commit');
    const buyerCalls = [...lock, ...commit];
    // While the crowd arrives the box office also takes 300+ places a second; after, only the buyers.
    const settledAt = startPerf + (s.arrivalSeconds + 5) * 1000;
    const settled = run.buyers.calls
      .filter((c) => (c.kind === 'lock' || c.kind === 'commit') && c.status !== 0 && c.sentAt > settledAt)
      .map((c) => c.doneAt - c.sentAt);
    const polls = run.queueCalls.latencies('status');
    const joins = run.queueCalls.latencies('other');
    const orders = run.visitors.filter((v) => v.outcome?.kind === 'order').length;
    const count5xx = run.queueCalls.count5xx() + run.buyers.count5xx();
    const queueCallCount = run.queueCalls.calls.length;
    const result = {
      date: new Date().toISOString(),
      machine: machine(),
      settings: s,
      crowd,
      admittedAtEnd: final.room?.live.admitted ?? null,
      waitingAtEnd: final.room?.live.waiting ?? null,
      orders,
      refused: run.visitors.filter((v) => v.outcome?.kind === 'refused').length,
      buyerErrors: run.visitors.filter((v) => v.outcome?.kind === 'error').length,
      buyerP95Ms: round2(pct(buyerCalls, 95)),
      buyerP95AfterArrivalsMs: round2(pct(settled, 95)),
      lockP50Ms: pct(lock, 50),
      lockP95Ms: pct(lock, 95),
      commitP95Ms: pct(commit, 95),
      queueCalls: queueCallCount,
      joinP95Ms: pct(joins, 95),
      pollP50Ms: pct(polls, 50),
      pollP95Ms: pct(polls, 95),
      statusCodes: { queue: run.queueCalls.statusCounts(), buyers: run.buyers.statusCounts() },
      count5xx,
      cpu,
      /** Box-office CPU per queue call (join or poll), in ms: what a waiting visitor costs. */
      boxOfficeMsPerQueueCall: round2((cpu.boxOfficeS * 1000) / Math.max(1, queueCallCount)),
      audit: { clean: audit.clean, doubleSells: audit.doubleSells.count },
      timeline,
    };
    const pass = {
      everyonePlaced: crowd.unplaced === 0 && crowd.undrawn === 0,
      inOrder: crowd.outOfOrder === 0,
      buyersAtTarget: result.buyerP95Ms <= s.targetMs,
      buyersAtTargetAfterArrivals: result.buyerP95AfterArrivalsMs <= s.targetMs,
      noDoubleSell: audit.doubleSells.count === 0 && audit.clean,
      no5xx: count5xx === 0,
    };
    const failures = Object.entries(pass)
      .filter(([k, ok]) => !ok && !k.startsWith('buyersAtTarget'))
      .map(([k]) => k);
    const out = { ...result, pass, failures };
    const dir = join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'waiting-room.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.table([
      {
        visitors: crowd.visitors,
        unplaced: crowd.unplaced,
        'out of order': crowd.outOfOrder,
        'draw corr.': crowd.drawRankCorrelation,
        'let in': result.admittedAtEnd,
        orders,
        'buyers p95 ms (after arrivals)': `${result.buyerP95Ms} (${result.buyerP95AfterArrivalsMs})`,
        'poll p50/95 ms': `${result.pollP50Ms}/${result.pollP95Ms}`,
        'office ms/queue call': result.boxOfficeMsPerQueueCall,
        '5xx': count5xx,
        audit: audit.clean ? 'clean' : 'FINDINGS',
      },
    ]);
    for (const [k, ok] of Object.entries(pass)) console.log(`  ${ok ? 'pass' : 'FAIL'}  ${k}`);
    console.log('written bench/results/waiting-room.json');
    if (failures.length) throw new Error(`waiting-room benchmark failed: ${failures.join(', ')}`);
    return out;
  } finally {
    await office.stop();
  }
}

if (import.meta.main) await benchWaitingRoom();
