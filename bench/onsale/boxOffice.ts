import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { dropSchema } from '../common.ts';
import { BENCH_LIMITS } from '../visitors.ts';

/**
 * The real box office as a process tree: `node server/main.ts` with WORKERS=N on a fresh PostgreSQL
 * schema (the primary migrates, seeds the demo catalogue and forks N workers on one port). Ready when
 * the primary logs `cluster ready` (N > 1) or the process logs `box office ready` (N = 1). Its pino
 * lines are read as they come: worker pids from `worker started`, errors, and anything a test waits for.
 */
export interface LogLine {
  level?: number;
  msg?: string;
  workerPid?: number;
  [field: string]: unknown;
}

export interface BoxOffice {
  base: string;
  port: number;
  schema: string;
  primaryPid: number;
  /** Worker pids in the order the primary forked them (replacements appended). */
  workerPids: number[];
  /** Every log line at warn or above, and the last lines of any level. */
  problems: LogLine[];
  tail: string[];
  /** Resolves with the first line (from now on) that `match` accepts. */
  waitForLog(match: (l: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM, then SIGKILL after `graceMs`; drops the schema unless `keepSchema`. */
  stop(opts?: { keepSchema?: boolean; graceMs?: number }): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');

export async function startBoxOffice(opts: {
  workers: number;
  port: number;
  schema: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** The address it binds (HOST) and is reached at; 127.0.0.1 when absent. */
  host?: string;
  /** A command the process runs under, such as `ip netns exec <ns>` to start it on another host. */
  prefix?: string[];
}): Promise<BoxOffice> {
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('the box office process needs DATABASE_URL');
  const host = opts.host ?? '127.0.0.1';
  const [command, ...args] = [...(opts.prefix ?? []), NODE, join(ROOT, 'server', 'main.ts')];
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(command!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      WORKERS: String(opts.workers),
      PORT: String(opts.port),
      HOST: host,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: opts.schema,
      STATIC_DIR: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // The load generator names each simulated visitor's address (http.ts `addressOf`).
      TRUST_PROXY: 'loopback',
      // Production refuses development settings (server/configChecks.ts); no SMS or mail is sent here
      // (the confirmations wait in the queue, which is not sent during a run).
      SMS_SENDER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MESSAGES_INTERVAL_SECONDS: '3600',
      PUBLIC_URL: 'https://tickets.bench.example',
      COOKIE_SECURE: '1',
      ...BENCH_LIMITS,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  const office: BoxOffice = {
    base: `http://${host}:${opts.port}`,
    port: opts.port,
    schema: opts.schema,
    primaryPid: child.pid!,
    workerPids: [],
    problems: [],
    tail: [],
    waitForLog(match, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no such log line in ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(t);
            resolve(l);
          },
        });
      });
    },
    async stop({ keepSchema = false, graceMs = 15_000 } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => {
          child.kill('SIGKILL');
          for (const pid of office.workerPids) killIfAlive(pid);
        }, graceMs);
        await exited;
        clearTimeout(killer);
      }
      if (!keepSchema) await dropSchema(opts.schema);
    },
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Only lines that can matter are parsed: with LOG_LEVEL=info every request logs two lines.
  let partial = '';
  const onLine = (line: string) => {
    office.tail.push(line);
    if (office.tail.length > 50) office.tail.shift();
    const interesting =
      waiters.length > 0 ||
      line.includes('"worker started"') ||
      line.includes('"level":4') ||
      line.includes('"level":5') ||
      line.includes('"level":6');
    if (!interesting || !line.startsWith('{')) return;
    let l: LogLine;
    try {
      l = JSON.parse(line) as LogLine;
    } catch {
      return;
    }
    if (l.msg === 'worker started' && typeof l.workerPid === 'number') office.workerPids.push(l.workerPid);
    if ((l.level ?? 0) >= 40) office.problems.push(l);
    for (const w of [...waiters])
      if (w.match(l)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(l);
      }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    office.tail.push(chunk);
    office.problems.push({ level: 50, msg: `stderr: ${chunk.slice(0, 500)}` });
  });

  const ready = office.waitForLog(
    (l) =>
      opts.workers > 1
        ? l.msg === 'cluster ready'
        : typeof l.msg === 'string' && l.msg.startsWith('box office ready'),
    opts.readyTimeoutMs ?? 120_000,
  );
  const died = exited.then(() => {
    throw new Error(`the box office exited before it was ready:\n${office.tail.join('\n')}`);
  });
  try {
    await Promise.race([ready, died]);
  } catch (error) {
    await office.stop();
    throw error;
  }
  died.catch(() => undefined);
  return office;
}

function killIfAlive(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}
