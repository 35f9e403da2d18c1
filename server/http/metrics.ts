import cluster from 'node:cluster';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { joinClusterMetrics, partialLines } from './clusterMetrics.ts';
import { RequestStats } from './requestStats.ts';
import { AppError } from '../errors.ts';

/** What the box office counts besides requests: every error answer by its catalogue code. */
export interface Metrics {
  /** This process's figures; with WORKERS=n they are summed over the workers (`aggregator`: 'sum'). */
  registry: Registry;
  errors: Counter<'code'>;
  /** Counts an answer of no route (an unknown path, or the shop's page for a path of its router). */
  countUnmatched(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * Prometheus metrics (prom-client) in a registry of this app: request rate and latency per route,
 * error answers by code, live holds, orders and payments by state, the database pool and the process's
 * own (CPU, memory, event-loop delay). Served at GET /metrics; with METRICS_TOKEN set, only to
 * `Authorization: Bearer <token>`.
 *
 * With WORKERS=n one scrape answers for the whole host: the worker it reaches asks the primary, which
 * gathers every worker's `registry` and merges each metric by its `aggregator` (clusterMetrics.ts): the
 * per-process counters and gauges (requests, errors, statements, pool connections, CPU, memory) summed,
 * `boxoffice_cluster_workers` counting the workers that answered. The gauges read from the database
 * (seats held, orders, payments) are the same in every worker, so they are not gathered at all: they
 * sit in a registry of their own that only the scraped worker reads, one set of queries per scrape
 * rather than one per worker. When the primary does not answer within 2 s the worker answers its own
 * figures with `boxoffice_metrics_partial 1` (and an `X-Metrics-Partial` header): never a hang or a 5xx.
 * Hazard: a worker's counters go with it when it dies, so the host's sums drop then; Prometheus reads the
 * drop as a counter reset and a rate() over that moment overstates (`process_start_time_seconds`, the
 * youngest worker's start, shows when it happened).
 */
export async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  // In a cluster the database's gauges are read by the scraped worker only; alone, one registry as ever.
  const database = cluster.isWorker ? new Registry() : registry;
  collectDefaultMetrics({ register: registry });
  const stats = new RequestStats();
  stats.register(registry);
  const errors = new Counter({
    name: 'boxoffice_error_answers_total',
    help: 'Error answers by catalogue code (too_many_attempts, visitor_required, lock_seat_error …)',
    labelNames: ['code'] as const,
    registers: [registry],
    aggregator: 'sum',
  });
  const { db, clock } = app.deps;
  // The database's gauges: `first` should they ever be gathered from every worker (each reads the
  // same rows; a sum would count them n times). Today they stay out of the gathering (`database`).
  new Gauge({
    name: 'boxoffice_seats_held',
    help: 'Seats held now (in carts and in payments under way), all presentations',
    registers: [database],
    aggregator: 'first',
    async collect() {
      const row = await db.kysely
        .selectFrom('seat_holds')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', '=', 'held')
        .where('expires_at', '>', clock.now())
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new Gauge({
    name: 'boxoffice_orders',
    help: 'Orders by state',
    labelNames: ['state'] as const,
    registers: [database],
    aggregator: 'first',
    async collect() {
      this.reset();
      const rows = await db.kysely
        .selectFrom('orders')
        .select((eb) => ['state', eb.fn.countAll<number | string>().as('n')])
        .groupBy('state')
        .execute();
      for (const r of rows) this.set({ state: r.state }, Number(r.n));
    },
  });
  new Gauge({
    name: 'boxoffice_payments',
    help: 'Payments by status',
    labelNames: ['status'] as const,
    registers: [database],
    aggregator: 'first',
    async collect() {
      this.reset();
      const rows = await db.kysely
        .selectFrom('order_payments')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute();
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  const statements = db.statements;
  if (statements) {
    new Counter({
      name: 'boxoffice_db_statements_total',
      help: 'Statements this process sent the database (transactions’ begin and commit included)',
      registers: [registry],
      aggregator: 'sum',
      collect() {
        this.reset();
        this.inc(statements.statements);
      },
    });
    new Counter({
      name: 'boxoffice_db_statement_seconds_total',
      help: 'Time this process waited for the database’s answers, summed over its statements',
      registers: [registry],
      aggregator: 'sum',
      collect() {
        this.reset();
        this.inc(statements.seconds);
      },
    });
  }
  if (db.poolStats) {
    const stats = db.poolStats;
    new Gauge({
      name: 'boxoffice_db_pool_connections',
      help: 'Database pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      // Summed: the host's connections against the database's max_connections.
      aggregator: 'sum',
      collect() {
        const s = stats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  const recorder = (route: string) => {
    const record = stats.recorder(route);
    return (request: FastifyRequest, reply: FastifyReply) =>
      record(request.method, reply.statusCode, reply.elapsedTime / 1000);
  };
  const unmatched = recorder('unmatched');
  app.decorate('metrics', {
    registry,
    errors,
    countUnmatched: (request: FastifyRequest, reply: FastifyReply) =>
      void reply.raw.once('finish', () => unmatched(request, reply)),
  } satisfies Metrics);
  app.addHook('onRoute', (route) => {
    const record = recorder(route.url);
    const own = route.onResponse;
    route.onResponse = [
      ...(own ? (Array.isArray(own) ? own : [own]) : []),
      (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        record(request, reply);
        done();
      },
    ];
  });

  let askHost: (() => Promise<string | null>) | undefined;
  if (cluster.isWorker) {
    // Summed over the workers that answered: how many did.
    new Gauge({
      name: 'boxoffice_cluster_workers',
      help: 'Box-office processes of this host whose figures this answer sums',
      registers: [registry],
      aggregator: 'sum',
    }).set(1);
    askHost = joinClusterMetrics(registry);
  }

  const token = app.deps.config.metricsToken;
  app.get('/metrics', { config: { shared: true }, schema: { hide: true } }, async (request, reply) => {
    if (token && request.headers.authorization !== `Bearer ${token}`)
      throw new AppError(
        'metrics_token_required',
        'send the metrics token: Authorization: Bearer <METRICS_TOKEN>',
      );
    reply.header('cache-control', 'no-store').type(registry.contentType);
    if (!askHost) return registry.metrics();
    const [host, fromDatabase] = await Promise.all([askHost(), database.metrics()]);
    if (host !== null) return `${host}\n${fromDatabase}\n${partialLines(false)}`;
    // ASCII only: a header value past Latin-1 is refused (a 500).
    reply.header('x-metrics-partial', 'the primary did not answer: this worker only');
    return `${await registry.metrics()}\n${fromDatabase}\n${partialLines(true)}`;
  });
}
// Without fastify-plugin's symbol the hooks would stay inside its own context.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
