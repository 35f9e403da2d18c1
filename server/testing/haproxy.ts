import { type ChildProcessByStdio, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { diesWithTest } from './netns.ts';

/**
 * HAProxy in front of box-office hosts, for the multi-host test, configured as docs/production.md asks of
 * a load balancer: round robin with nothing sticky, health checks on /readyz, no buffering of
 * `text/event-stream`, idle streams allowed longer than the 15 s comment each stream gets. It runs in the
 * foreground (`-db`) as a child of the test, and can also relay plain TCP (PostgreSQL, which listens on
 * 127.0.0.1 only, for hosts in other network namespaces).
 *
 * Retries: the balancer retries only a connection that failed (`retry-on conn-failure`, the request never
 * reached a box office), on the other host (`option redispatch`). A request a host was killed in the
 * middle of is answered 502 by the balancer (or, on a kept-alive client connection, that connection is
 * closed without an answer) and the client tries again, a payment with its Idempotency-Key: the balancer
 * cannot know whether the box office acted on it.
 */
export interface BackendServer {
  name: string;
  address: string;
  port: number;
}

/** One access-log line: which server answered what, and how the request ended. */
export interface BalancerRequest {
  server: string;
  status: number;
  /** HAProxy's termination state (`----` for a normal end; `SH--`: the server went away mid-answer). */
  termination: string;
  /** Connection retries; `+` in front when the request was redispatched to another server. */
  retries: string;
  method: string;
  path: string;
  /** performance.now() when the line was read (the request's end). */
  at: number;
}

export interface Balancer {
  base: string;
  port: number;
  requests: BalancerRequest[];
  /** Every other line HAProxy wrote (server state changes, warnings). */
  messages: string[];
  stop(): Promise<void>;
}

export const HAPROXY =
  ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p)) ?? 'haproxy';

/** Whether HAProxy can run here (null) or why not. */
export function haproxyUnavailable(): string | null {
  try {
    execFileSync(HAPROXY, ['-v'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'HAProxy is not installed (apt-get install haproxy)';
  }
}

function config(opts: {
  port: number;
  servers: BackendServer[];
  tcpRelays: { bind: string; to: string }[];
}): string {
  const servers = opts.servers.map((s) => `  server ${s.name} ${s.address}:${s.port}`);
  const relays = opts.tcpRelays.flatMap((r, i) => [
    `listen relay${i}`,
    '  mode tcp',
    '  no log',
    `  bind ${r.bind}`,
    // A pooled database connection idles for minutes: not the HTTP side's timeouts.
    '  timeout client 1h',
    '  timeout server 1h',
    `  server target ${r.to}`,
  ]);
  return [
    'global',
    '  log stdout format raw local0 info',
    '  nbthread 1',
    '  maxconn 4096',
    'defaults',
    '  log global',
    // Not the readiness probe's empty connection.
    '  option dontlognull',
    '  mode http',
    '  timeout connect 1s',
    '  timeout http-request 10s',
    '  timeout queue 5s',
    // A stream is quiet between batches: 30 s on either side outlasts the box office's 15 s comment.
    '  timeout client 30s',
    '  timeout server 30s',
    // For a connection that turned into a tunnel (an upgrade); a stream stays plain HTTP.
    '  timeout tunnel 1h',
    // A loaded host answers /readyz slowly: slow is not down (a dead one refuses the connection at once).
    '  timeout check 5s',
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    'frontend shop',
    `  bind 127.0.0.1:${opts.port}`,
    // The box office trusts the balancer's address (TRUST_PROXY) for the client's, from X-Forwarded-For.
    '  option forwardfor',
    '  log-format "lb %s %ST %tsc %rc %HM %HU"',
    '  default_backend boxoffice',
    'backend boxoffice',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr host boxoffice',
    '  http-check expect status 200',
    // Out after three failed checks (3 s); a request sent to it meanwhile is refused and redispatched.
    '  default-server check inter 1s fall 3 rise 2',
    ...servers,
    ...relays,
    '',
  ].join('\n');
}

const ACCESS = /^lb (\S+) (-?\d+) (\S+) (\S+) (\S+) (\S+)$/;

export async function startHaproxy(opts: {
  port: number;
  servers: BackendServer[];
  tcpRelays?: { bind: string; to: string }[];
  readyTimeoutMs?: number;
}): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config({ ...opts, tcpRelays: opts.tcpRelays ?? [] }));
  const [command, ...args] = diesWithTest([HAPROXY, '-f', file, '-db']);
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(command!, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const balancer: Balancer = {
    base: `http://127.0.0.1:${opts.port}`,
    port: opts.port,
    requests: [],
    messages: [],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const onLine = (line: string) => {
    const m = ACCESS.exec(line);
    if (m) {
      balancer.requests.push({
        server: m[1]!,
        status: Number(m[2]),
        termination: m[3]!,
        retries: m[4]!,
        method: m[5]!,
        path: m[6]!,
        at: performance.now(),
      });
      return;
    }
    if (line.trim()) balancer.messages.push(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }

  // Ready when the shop's port accepts connections; an invalid configuration exits at once.
  const until = performance.now() + (opts.readyTimeoutMs ?? 10_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await balancer.stop();
      throw new Error(`HAProxy exited at start:\n${balancer.messages.join('\n')}`);
    }
    if (await accepts(opts.port)) return balancer;
    if (performance.now() > until) {
      await balancer.stop();
      throw new Error(`HAProxy did not listen on ${opts.port}:\n${balancer.messages.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
