import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { type Db, openDatabase } from '../db/index.ts';
import { TEST_AUTH_SECRET, type TestDialect } from './harness.ts';

/**
 * Real box-office processes for the kill tests (the checkout's, calling a show off): a data folder (and
 * PostgreSQL schema) of their own, the server started on it as `npm start` does, SIGKILLed mid-work and
 * started again on the same data.
 */

const MAIN = join(import.meta.dirname, '..', 'main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The few calls of `app.inject` the test helpers make, sent over HTTP to a running server. */
export function overHttp(base: string): FastifyInstance {
  const inject = async (opts: {
    method?: string;
    url: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    payload?: object;
  }) => {
    const url = new URL(opts.url, base);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers: { ...(opts.payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.payload ? JSON.stringify(opts.payload) : undefined,
    });
    const body = await res.text();
    const headers = Object.fromEntries(res.headers.entries());
    headers['set-cookie'] = res.headers.getSetCookie().join(', ');
    return { statusCode: res.status, body, headers, json: () => JSON.parse(body) as unknown };
  };
  return { inject } as unknown as FastifyInstance;
}

export interface BoxOffice {
  child: ChildProcess;
  app: FastifyInstance;
  exited: Promise<unknown>;
}

/** Where killed and restarted box offices keep their data; `stop()` kills what runs and removes it all. */
export class BoxOffices {
  private readonly running: BoxOffice[] = [];
  private readonly cleanups: (() => Promise<void> | void)[] = [];

  private readonly dialect: TestDialect;

  constructor(dialect: TestDialect) {
    this.dialect = dialect;
  }

  /** A data folder (and PostgreSQL schema), the env to start the server on it, and our own connection. */
  place(extra: Record<string, string> = {}): Record<string, string> {
    const dir = mkdtempSync(join(tmpdir(), 'boxoffice-crash-'));
    const schema = this.dialect === 'postgres' ? `crash_${randomBytes(6).toString('hex')}` : '';
    this.cleanups.push(async () => {
      rmSync(dir, { recursive: true, force: true });
      if (!schema) return;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });
    const env = {
      DATA_DIR: dir,
      STATIC_DIR: '',
      HOST: '127.0.0.1',
      DATABASE_URL: this.dialect === 'postgres' ? process.env.DATABASE_URL! : '',
      DATABASE_SCHEMA: schema,
      RECONCILE_INTERVAL_SECONDS: '1',
      RECONCILE_GRACE_SECONDS: '1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: TEST_AUTH_SECRET,
      ...extra,
    };
    return env;
  }

  /** Our own connection to the place's database, once a server has started (and migrated) it. */
  async connect(env: Record<string, string>): Promise<Db> {
    const db = await openDatabase({
      dataDir: env.DATA_DIR!,
      databaseUrl: env.DATABASE_URL || undefined,
      databaseSchema: env.DATABASE_SCHEMA || undefined,
      poolSize: 2,
    });
    this.cleanups.push(() => db.close());
    return db;
  }

  /** Starts the server on `env` and waits until it answers. */
  async start(env: Record<string, string>): Promise<BoxOffice> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const app = overHttp(`http://127.0.0.1:${port}`);
    this.running.push({ child, app, exited });
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server stopped: ${out}`);
          return (await app.inject({ url: '/api/session' }).catch(() => null))?.statusCode;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(200);
    return { child, app, exited };
  }

  /** Kills every process still running and removes every place. */
  async stop(): Promise<void> {
    for (const { child, exited } of this.running.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    for (const cleanup of this.cleanups.splice(0).reverse()) await cleanup();
  }
}
