import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The door benchmark's load generator, in a process of its own (bench/door.ts spawns it): autocannon's
 * programmatic API, because every scan is a POST with its own body (a fresh nonce, another ticket's
 * code), which its command line cannot send. Reads a job (JSON) from argv, sends each body of the job's
 * file once, over `connections` keep-alive connections, and prints its figures as JSON on stdout.
 */
export interface CannonJob {
  url: string;
  headers: Record<string, string>;
  /** A JSON file: an array of request bodies (strings), each sent once. */
  bodiesFile: string;
  connections: number;
}

export interface CannonFigures {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Stat {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface Raw {
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: Stat;
  requests: { total: number };
}
type Request = { method: string; body?: string; headers?: Record<string, string> };
type Autocannon = (opts: {
  url: string;
  connections: number;
  amount: number;
  method: string;
  headers: Record<string, string>;
  requests: { method: string; setupRequest: (req: Request) => Request; onResponse: () => void }[];
}) => Promise<Raw>;

// autocannon ships no types: it is required and typed here by what this file uses of it.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

if (import.meta.main) {
  const job = JSON.parse(process.argv[2]!) as CannonJob;
  const bodies = JSON.parse(readFileSync(job.bodiesFile, 'utf8')) as string[];
  let next = 0;
  // Timed here, from the first request to the last answer: autocannon's own duration (and its end)
  // waits for the next tick of its 1 s sampler, too coarse for a run of a few seconds.
  let first = 0;
  let last = 0;
  const r = await autocannon({
    url: job.url,
    connections: job.connections,
    amount: bodies.length,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...job.headers },
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          first ||= performance.now();
          return { ...req, body: bodies[next++ % bodies.length] };
        },
        onResponse: () => {
          last = performance.now();
        },
      },
    ],
  });
  const seconds = (last - first) / 1000;
  const figures: CannonFigures = {
    requests: r.requests.total,
    seconds: Math.round(seconds * 100) / 100,
    reqPerSec: Math.round(r.requests.total / seconds),
    p50Ms: r.latency.p50,
    p90Ms: r.latency.p90,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  process.stdout.write(JSON.stringify(figures));
}
