import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { round2 } from '../common.ts';
import { NODE } from './boxOffice.ts';

/**
 * autocannon in a process of its own (its JSON report on stdout): the load generator must not share an
 * event loop with the server it measures. A run with any error, timeout or non-2xx answer is reported
 * with those counts; the caller decides whether that fails it.
 */
export interface CannonResult {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean bytes per answer, as sent (compressed when asked). */
  bytesPerAnswer: number;
}

const ROOT = join(import.meta.dirname, '..', '..');

export function autocannon(
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<CannonResult> {
  const connections = opts.connections ?? 32;
  const seconds = opts.seconds ?? 10;
  const args = [join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '-j', '-n'];
  args.push('-c', String(connections), '-d', String(seconds));
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err.slice(-500)}`));
      const r = JSON.parse(out) as {
        duration: number;
        errors: number;
        timeouts: number;
        non2xx: number;
        latency: { p50: number; p99: number };
        requests: { total: number };
        throughput: { total: number };
      };
      resolve({
        url,
        connections,
        seconds,
        requests: r.requests.total,
        reqPerSec: Math.round(r.requests.total / r.duration),
        p50Ms: round2(r.latency.p50),
        p99Ms: round2(r.latency.p99),
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        bytesPerAnswer: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
      });
    });
  });
}

/** The plain Fastify route in its own process on `port`; resolves once it listens. */
export async function startPingServer(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(NODE, [join(import.meta.dirname, 'pingServer.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ping ready') && resolve());
    void exited.then(() => reject(new Error('the ping server exited')));
  });
  return {
    url: `http://127.0.0.1:${port}/ping`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
