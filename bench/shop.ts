import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShop } from '../scripts/build.ts';
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { type Db, openDatabase } from '../server/db/index.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

export interface BuiltShop {
  base: string;
  /** The built shop's folder. */
  dist: string;
  db: Db;
  app: FastifyInstance;
  /** Stops the box office and removes the temporary folders. */
  close(): Promise<void>;
}

/**
 * The shop as `npm start` serves it, for the browser benchmarks: built with Vite into a temporary folder
 * (or `dist` when given), one box office in this process on a free port over a fresh seeded SQLite data
 * folder. `env` adds settings (a bench's lifted limits).
 */
export async function serveBuiltShop(
  tag: string,
  opts: { dist?: string | undefined; env?: Record<string, string> } = {},
): Promise<BuiltShop> {
  const dist = opts.dist ? resolve(opts.dist) : mkdtempSync(join(tmpdir(), `bench-${tag}-dist-`));
  const data = mkdtempSync(join(tmpdir(), `bench-${tag}-data-`));
  const cleanUp = () => {
    if (!opts.dist) rmSync(dist, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  };
  let app: FastifyInstance | undefined;
  try {
    if (!opts.dist) {
      const t0 = performance.now();
      await buildShop(dist, { compress: false });
      console.log(`${tag}: shop built in ${Math.round(performance.now() - t0)} ms`);
    }
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: data,
      STATIC_DIR: dist,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...opts.env,
    });
    const db = await openDatabase({ ...config, poolSize: 4 });
    await seedDemoCatalogue(db.kysely, systemClock.now());
    app = await buildApp({ config, db });
    const base = await app.listen({ port, host: '127.0.0.1' });
    const opened = app;
    return {
      base,
      dist,
      db,
      app: opened,
      close: async () => {
        await opened.close();
        cleanUp();
      },
    };
  } catch (e) {
    await app?.close();
    cleanUp();
    throw e;
  }
}
