import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL for the fault tests: the box office connects through it, and
 * `cut(ms)` makes PostgreSQL look restarted from the box office's side (every open connection dropped,
 * new ones refused for `ms`, then accepted again) without touching the real server, which other tests
 * share.
 */
export interface PgProxy {
  port: number;
  /** DATABASE_URL with the proxy in place of PostgreSQL's host and port. */
  url: string;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Drops every connection and refuses new ones for `ms`; resolves once it accepts again. */
  cut(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPgProxy(opts: {
  port: number;
  /** The real server's URL (DATABASE_URL). */
  databaseUrl: string;
}): Promise<PgProxy> {
  const target = new URL(opts.databaseUrl);
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const pairs = new Set<[Socket, Socket]>();
  let accepted = 0;
  let closed = false;

  const server: Server = createServer((client) => {
    accepted++;
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(targetPort, targetHost, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const dropAll = () => {
    for (const [a, b] of pairs) {
      // A reset, not a polite end: what a crashed or restarted server looks like on the wire.
      a.resetAndDestroy();
      b.destroy();
    }
    pairs.clear();
  };
  await listen();

  const url = new URL(opts.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(opts.port);
  return {
    port: opts.port,
    url: url.toString(),
    get open() {
      return pairs.size;
    },
    get accepted() {
      return accepted;
    },
    async cut(ms) {
      const stopped = stopListening();
      dropAll();
      await stopped;
      await new Promise((r) => setTimeout(r, ms));
      if (closed) return;
      // The port was ours a moment ago; a late TIME_WAIT can refuse the first bind, so try a few times.
      for (let attempt = 0; ; attempt++) {
        try {
          await listen();
          return;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async close() {
      closed = true;
      const stopped = stopListening();
      dropAll();
      await stopped;
    },
  };
}
