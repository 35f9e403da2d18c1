import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_STAFF } from '../server/seed/staff.ts';
import type { Seatplan } from '../src/api/contract/seatplan.ts';
import { exportPlan, type PlanFormat } from '../src/domain/seatplans/index.ts';
import { round2 } from './common.ts';
import { makePlan } from './seatmap/plans.ts';

/**
 * A venue's 100,000-seat plan brought in over the admin API (issue 33), in each format: the time to check
 * it, to save it as a draft and to publish it (its seats written for sale), the process's memory at its
 * peak, and what it does to the box office's other requests meanwhile: a probe asks GET /api/session
 * every 20 ms throughout, and its slowest answer during the import is set against its slowest while idle
 * (the same process, the same run). Target: each step in seconds, not minutes; the probe's worst answer
 * during an import under 250 ms (the work runs on a worker thread, the seats go in chunk by chunk).
 */
export interface ImportRun {
  database: 'sqlite' | 'postgres';
  format: PlanFormat;
  seats: number;
  fileMB: number;
  checkMs: number;
  importMs: number;
  publishMs: number;
  peakRssMB: number;
  rssBeforeMB: number;
  probeIdleMaxMs: number;
  probeBusyMaxMs: number;
  probeBusyP95Ms: number;
  pass: boolean;
}

const PROBE_TARGET_MS = 250;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A probe asking the box office for a cheap answer every 20 ms; stop() answers the latencies. */
function probe(base: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${base}/api/session`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** The bench's 100,000-seat stadium, on the demo catalogue's price levels. */
function benchPlan(): Seatplan {
  const plan = makePlan('stadium', 100_000);
  const levels = [31, 32, 33, 34];
  for (const section of plan.S)
    for (const group of section.G)
      for (const row of group.R) for (const seat of row.S) seat.tg = levels[seat.tg % levels.length]!;
  return plan;
}

/** A box office of its own (seatplanImportServer.ts) on a fresh database; stop() ends it. */
async function startServer(database: 'sqlite' | 'postgres', port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-plans-'));
  const schema = database === 'postgres' ? `bench_plans_${process.pid}_${port}` : undefined;
  const child = fork(join(import.meta.dirname, 'seatplanImportServer.ts'), [], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-auth-secret: not for production, long enough',
      ...(database === 'postgres' ? { DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return {
    pid: child.pid!,
    /** The process's peak resident memory so far (Linux: VmHWM), in MB. */
    peakMB: () =>
      Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    rssMB: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
      if (schema) {
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}

/** One format on a fresh box office: check, import, publish, with the probe running. */
async function importOnce(
  database: 'sqlite' | 'postgres',
  format: PlanFormat,
  content: string,
  port: number,
) {
  const server = await startServer(database, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const manager = DEMO_STAFF.find((s) => s.role === 'manager')!;
    const login = await fetch(`${base}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: manager.username, password: manager.password }),
    });
    const cookie = /staff_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const call = async (method: string, path: string, body = '{}') => {
      const res = await fetch(`${base}/api/admin${path}`, {
        method,
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body,
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    };
    const venue = await call('POST', '/venues', JSON.stringify({ name: { en: 'Bench Stadium' } }));
    const hall = await call(
      'POST',
      `/venues/${String(venue.id)}/halls`,
      JSON.stringify({ name: { en: 'Stadium' } }),
    );
    // The body is written before the clock starts: only the box office's work is timed.
    const body = JSON.stringify({ format, content });
    const idle = probe(base);
    await new Promise((r) => setTimeout(r, 1000));
    const idleLatencies = await idle.stop();
    const rssBefore = server.rssMB();
    const busy = probe(base);
    let t0 = performance.now();
    const check = await call('POST', `/halls/${String(hall.id)}/seatplans/check`, body);
    const checkMs = performance.now() - t0;
    t0 = performance.now();
    const imported = await call('POST', `/halls/${String(hall.id)}/seatplans`, body);
    const importMs = performance.now() - t0;
    t0 = performance.now();
    await call('POST', `/seatplans/${(imported.version as { id: number }).id}/publish`);
    const publishMs = performance.now() - t0;
    const busyLatencies = await busy.stop();
    const seats = (check.figures as { seats: number }).seats;
    const run: ImportRun = {
      database,
      format,
      seats,
      fileMB: round2(content.length / 1e6),
      checkMs: Math.round(checkMs),
      importMs: Math.round(importMs),
      publishMs: Math.round(publishMs),
      peakRssMB: Math.round(server.peakMB()),
      rssBeforeMB: Math.round(rssBefore),
      probeIdleMaxMs: round2(Math.max(...idleLatencies)),
      probeBusyMaxMs: round2(Math.max(...busyLatencies)),
      probeBusyP95Ms: round2(percentile(busyLatencies, 95)),
      pass: false,
    };
    run.pass = seats === 100_000 && run.probeBusyMaxMs < PROBE_TARGET_MS && importMs + publishMs < 30_000;
    return run;
  } finally {
    await server.stop();
  }
}

export async function benchSeatplanImport(database: 'sqlite' | 'postgres'): Promise<ImportRun[]> {
  const plan = benchPlan();
  const levels = [31, 32, 33, 34].map((id) => ({ id, names: [String(id)] }));
  const runs: ImportRun[] = [];
  let port = 4480;
  for (const format of ['seatplanV2', 'csv', 'pretix'] as const)
    runs.push(await importOnce(database, format, exportPlan(plan, format, levels), port++));
  return runs;
}

if (import.meta.main) {
  const runs = await benchSeatplanImport('sqlite');
  if (process.env.DATABASE_URL) runs.push(...(await benchSeatplanImport('postgres')));
  console.table(runs);
  const { writeFileSync } = await import('node:fs');
  const { machine } = await import('./server.ts');
  writeFileSync(
    join(import.meta.dirname, 'results', 'seatplan-import.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs }, null, 2)}\n`,
  );
}
