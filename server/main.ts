import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { runPrimary } from './cluster.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedDemoCatalogue } from './seed/index.ts';
import { firstAdminAtStart } from './services/staff/firstAdmin.ts';

/** Process concerns only: configuration, logging, database, signals. The app itself is in app.ts. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  const logger = {
    level: config.logLevel,
    // Card data never reaches a log line, even if a future change logs request bodies.
    redact: [
      'req.headers.cookie',
      'req.headers.uuid',
      'req.headers.authorization',
      'body.cart.creditcardInfo',
      '*.creditcardInfo',
      '*.card',
    ],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config, pino(logger));
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    preparedStatements: config.databasePrepared,
    poolSize: config.databasePoolSize,
  });
  const app = await buildApp({ config, db, logger });
  // In a cluster the primary seeded already.
  if (config.seed && cluster.isPrimary) {
    const result = await seedDemoCatalogue(db.kysely, systemClock.now(), {
      demoStaff: !config.production,
    });
    if (result.seeded) app.log.info(result, 'demo catalogue seeded');
  }
  if (cluster.isPrimary) await firstAdminAtStart(db.kysely, config.firstAdmin, systemClock.now(), app.log);
  await app.listen({ port: config.port, host: config.host });
  // PORT=0 asks the system for a free port: say the one it gave.
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  app.log.info(
    {
      database: db.dialect === 'sqlite' ? `sqlite:${config.dataDir}` : 'postgres',
      locales: config.enabledLocales,
      startupMs: Math.round(performance.now() - startedAt),
      ...(cluster.isWorker ? { workerPid: process.pid } : {}),
    },
    `box office ready at http://localhost:${port}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // New requests get 503 (and /readyz with them); requests in flight, a commit waiting on the acquirer
    // among them, finish; then the database closes. Past the grace period the process gives up.
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown: requests still in flight after the grace period; exiting');
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`box office not started: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
