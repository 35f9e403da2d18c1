import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { systemClock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { serveClusterMetrics } from './http/clusterMetrics.ts';
import { seedDemoCatalogue } from './seed/index.ts';
import { firstAdminAtStart } from './services/staff/firstAdmin.ts';

/** A worker that dies this soon after starting is restarted after a pause (no tight crash loop). */
const EARLY_DEATH_MS = 5000;
const RESTART_PAUSE_MS = 1000;

/**
 * `WORKERS=N`: the primary migrates and seeds the database once, then runs N box-office processes
 * (node:cluster) that share one port; the kernel hands each connection to one of them. A process holds
 * nothing another one needs: carts, holds, sessions, rate limits, idempotency keys and orders are rows
 * in PostgreSQL, and seat changes reach every process through its LISTEN connection. So a process that
 * dies loses nothing but its open connections (streams reconnect to another, with Last-Event-ID), and is
 * replaced. SIGTERM or SIGINT stops the workers gracefully, then the primary. The primary serves no HTTP;
 * it gathers the workers' metrics for whichever worker a scrape of /metrics reaches (http/clusterMetrics.ts).
 */
export async function runPrimary(config: ServerConfig, log: Logger): Promise<void> {
  if (!config.databaseUrl)
    throw new Error('WORKERS above 1 needs DATABASE_URL: the processes share PostgreSQL');
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    poolSize: 2,
  });
  try {
    if (config.seed) {
      const result = await seedDemoCatalogue(db.kysely, systemClock.now(), {
        demoStaff: !config.production,
      });
      if (result.seeded) log.info(result, 'demo catalogue seeded');
    }
    await firstAdminAtStart(db.kysely, config.firstAdmin, systemClock.now(), log);
  } finally {
    await db.close();
  }

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const listening = new Set<number>();
  let ready = false;
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    log.info({ workerPid: worker.process.pid, workerId: worker.id }, 'worker started');
  };
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (!ready && listening.size >= config.workers) {
      ready = true;
      log.info({ workers: config.workers, port: config.port }, 'cluster ready');
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    log.warn({ workerPid: worker.process.pid, code, signal }, 'worker died; starting another');
    if (lived < EARLY_DEATH_MS) setTimeout(fork, RESTART_PAUSE_MS);
    else fork();
  });
  serveClusterMetrics();
  for (let i = 0; i < config.workers; i++) fork();

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const force = setTimeout(() => process.exit(1), (config.shutdownGraceSeconds + 5) * 1000);
    force.unref();
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
