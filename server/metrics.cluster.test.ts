import { Agent, get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chooseSeats, loadArena, lockBody } from '../bench/onsale/arena.ts';
import { type BoxOffice, startBoxOffice } from '../bench/onsale/boxOffice.ts';
import { runBuyer } from '../bench/onsale/buyer.ts';
import { call, Recorder } from '../bench/onsale/http.ts';
import { visitor } from '../bench/visitors.ts';
import { openDatabase } from './db/index.ts';

/**
 * /metrics of a host running WORKERS=2 (the real process tree, PostgreSQL only): whichever worker a scrape
 * reaches, it answers for both (server/http/clusterMetrics.ts), with the database's gauges once; and when
 * the primary cannot answer, the worker answers its own figures, marked partial, within seconds.
 */
const DATABASE_URL = process.env.DATABASE_URL;

interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET on a connection of its own (agent false), so that the primary hands each to the next worker. */
function get(url: string, agent: Agent | false = false): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${url}: no answer in 10 s`)));
  });
}

/** The values of `series` (name and labels, exactly) in a scrape: one, unless it is missing or doubled. */
const values = (text: string, series: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${series} `))
    .map((l) => Number(l.slice(series.length + 1)));

describe.skipIf(!DATABASE_URL)('metrics of a cluster', () => {
  it('one scrape answers for every worker of the host, the database once; partial when the primary is stuck', async () => {
    const office: BoxOffice = await startBoxOffice({
      workers: 2,
      port: 4446,
      schema: `t_metrics_cluster_${process.pid}`,
    });
    const db = await openDatabase({
      dataDir: '',
      databaseUrl: DATABASE_URL,
      databaseSchema: office.schema,
      poolSize: 2,
    });
    try {
      // Rows for the database's gauges: an order paid, and two seats held by somebody else.
      const arena = await loadArena(office.base);
      const rec = new Recorder();
      expect((await runBuyer({ arena, rec, grants: [] })).kind).toBe('order');
      const holder = visitor();
      const status = await call(rec, 'GET', arena.statusUrl, { kind: 'status' });
      const free = (JSON.parse(status.text) as { seats: Record<string, string> }).seats;
      for (const seat of chooseSeats(arena, free, 2, new Set())!) {
        const lock = await call(rec, 'PUT', `${arena.base}/api/seats/lock-seat`, {
          kind: 'lock',
          uuid: holder,
          body: lockBody(arena, seat),
        });
        expect(lock.status, lock.text).toBe(200);
      }

      const N = 30;
      for (let i = 0; i < N; i++) expect((await get(`${office.base}/healthz`)).status).toBe(200);

      const held = await db.kysely
        .selectFrom('seat_holds')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', '=', 'held')
        .where('expires_at', '>', Date.now())
        .executeTakeFirstOrThrow();
      const orders = await db.kysely
        .selectFrom('orders')
        .select((eb) => ['state', eb.fn.countAll<number | string>().as('n')])
        .groupBy('state')
        .execute();
      const payments = await db.kysely
        .selectFrom('order_payments')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute();
      expect(Number(held.n)).toBe(2);
      expect(orders.length).toBeGreaterThan(0);

      // Each scrape on a connection of its own: the two workers take turns answering.
      for (let scrape = 0; scrape < 6; scrape++) {
        const res = await get(`${office.base}/metrics`);
        expect(res.status).toBe(200);
        expect(res.headers['x-metrics-partial']).toBeUndefined();
        const text = res.body;
        expect(values(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toEqual([N]);
        expect(values(text, 'boxoffice_cluster_workers')).toEqual([2]);
        expect(values(text, 'boxoffice_metrics_partial')).toEqual([0]);
        expect(values(text, 'boxoffice_seats_held')).toEqual([2]);
        for (const o of orders)
          expect(values(text, `boxoffice_orders{state="${o.state}"}`)).toEqual([Number(o.n)]);
        for (const p of payments)
          expect(values(text, `boxoffice_payments{status="${p.status}"}`)).toEqual([Number(p.n)]);
        expect(values(text, 'boxoffice_db_statements_total')[0]).toBeGreaterThan(0);
      }

      // A primary that does not answer (stopped): a scrape on a connection a worker holds already still
      // answers, that worker's figures only, and says so; once the primary runs again, whole again.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect((await get(`${office.base}/healthz`, agent)).status).toBe(200);
        process.kill(office.primaryPid, 'SIGSTOP');
        const startedAt = performance.now();
        let partial: Got;
        try {
          partial = await get(`${office.base}/metrics`, agent);
        } finally {
          process.kill(office.primaryPid, 'SIGCONT');
        }
        expect(performance.now() - startedAt).toBeLessThan(4000);
        expect(partial.status).toBe(200);
        expect(partial.headers['x-metrics-partial']).toBeDefined();
        expect(values(partial.body, 'boxoffice_metrics_partial')).toEqual([1]);
        expect(values(partial.body, 'boxoffice_cluster_workers')).toEqual([1]);
        expect(values(partial.body, 'boxoffice_seats_held')).toEqual([2]);
        const whole = await get(`${office.base}/metrics`, agent);
        expect(values(whole.body, 'boxoffice_cluster_workers')).toEqual([2]);
        expect(values(whole.body, 'boxoffice_metrics_partial')).toEqual([0]);
      } finally {
        agent.destroy();
      }
      expect(office.problems.filter((l) => (l.level ?? 0) >= 50)).toEqual([]);
    } finally {
      await db.close();
      await office.stop();
    }
  }, 150_000);
});
