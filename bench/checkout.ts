import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';
import type { CheckoutAnswer } from '../src/api/contract/checkout.ts';
import type { PresentationSummary, TicketGroup } from '../src/api/contract/presentations.ts';
import type { Seatplan } from '../src/api/contract/seatplan.ts';
import { seatKey } from '../src/domain/seatKey.ts';
import { benchCommitBody, dropSchema, pct, round2 } from './common.ts';
import { BENCH_LIMITS, visitor } from './visitors.ts';

/**
 * Checkout benchmark: does a slow card acquirer hold up everybody else? Ten customers each hold two
 * arena seats and pay at once through a sandbox acquirer that answers after 1.5 s, while another
 * visitor keeps locking and unlocking one seat over real HTTP. The visitor's lock + unlock round trips
 * while the commits are under way (busy) are compared with the same round trips before them (idle):
 * the target is busy p95 ≤ 3 × idle p95. Every commit must answer 200 with a completed order, or the
 * benchmark throws instead of reporting.
 */
export interface CheckoutRun {
  database: 'sqlite' | 'postgres';
  customers: number;
  acquirerDelayMs: number;
  idleRoundTrips: number;
  idleP50Ms: number;
  idleP95Ms: number;
  idleP99Ms: number;
  idleMaxMs: number;
  busyRoundTrips: number;
  busyP50Ms: number;
  busyP95Ms: number;
  busyP99Ms: number;
  busyMaxMs: number;
  /** From sending the ten commits together until the last one answered. */
  commitsWallMs: number;
  /** Each commit's own time, slowest. */
  commitMaxMs: number;
  /** Status and answer of each commit, e.g. "10 × 200 completed". */
  commits: string;
  /** What the ten orders charged in all, in agorot (integers throughout). */
  chargedAgorot: number;
  ratioP95: number;
  pass: boolean;
}

export const CUSTOMERS = 10;
export const ACQUIRER_DELAY_MS = 1500;
const WARMUP_ROUND_TRIPS = 50;
const IDLE_ROUND_TRIPS = 100;
/** The target: the busy p95 stays within this many times the idle p95. */
export const MAX_RATIO_P95 = 3;

interface Seat {
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
}

/** How the run builds the app, and how it reads a commit's answer (the old commit answers another shape). */
export interface CheckoutHooks {
  build(
    config: ReturnType<typeof loadConfig>,
    db: Awaited<ReturnType<typeof openDatabase>>,
  ): Promise<FastifyInstance>;
  /** The order's charged amount in agorot when the answer is a completed order; null otherwise. */
  completed(status: number, body: unknown): number | null;
}

const currentHooks: CheckoutHooks = {
  build: (config, db) => buildApp({ config, db }),
  completed(status, body) {
    const answer = body as CheckoutAnswer;
    if (status !== 200 || answer.status !== 'completed') return null;
    return answer.payments.reduce((sum, p) => sum + p.amount, 0);
  },
};

export async function benchCheckout(
  database: 'sqlite' | 'postgres',
  hooks: CheckoutHooks = currentHooks,
): Promise<CheckoutRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
  const schema = `bench_checkout_${process.pid}`;
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      DATA_DIR: dir,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      MAX_SEATS_PER_TRANSACTION: '100',
      SANDBOX_ACQUIRER_DELAY_MS: String(ACQUIRER_DELAY_MS),
      ...BENCH_LIMITS,
      // The other visitor locks and unlocks one seat as fast as it can while the commits run.
      LIMIT_LOCKS_PER_MINUTE_PER_VISITOR: '1000000',
      ...(database === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    });
    const db = await openDatabase({ ...config, poolSize: 16 });
    try {
      await seedDemoCatalogue(db.kysely, systemClock.now());
      app = await hooks.build(config, db);
    } catch (error) {
      if (!app) await db.close();
      throw error;
    }
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return await scenario(database, base, hooks);
  } finally {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
    if (database === 'postgres') await dropSchema(schema);
  }
}

async function scenario(
  database: 'sqlite' | 'postgres',
  base: string,
  hooks: CheckoutHooks,
): Promise<CheckoutRun> {
  const call = async (method: string, path: string, uuid?: string, body?: unknown, key?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(uuid ? { uuid } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    return { status: res.status, text };
  };
  const json = async <T>(path: string): Promise<T> => {
    const r = await call('GET', path);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text}`);
    return JSON.parse(r.text) as T;
  };

  // The arena: seating policy 1, so only sofa and companion rules could refuse a purchase; plain seats only.
  const { presentations } = await json<{ presentations: PresentationSummary[] }>('/api/seats/presentations');
  const arena = presentations.find((p) => p.category === 'sport' && p.isReserved);
  if (!arena) throw new Error('the demo catalogue has no arena presentation');
  const { seats: status } = await json<{ seats: Record<string, string> }>(
    `/api/seats/seats-statusV2?presentationId=${arena.id}&venueTypeId=${arena.venueTypeId}&isReserved=1`,
  );
  const plan = await json<Seatplan>(
    `/api/seats/seatplanV2?venueId=${arena.venueId}&seatplanId=${arena.seatplanId}`,
  );
  const { ticketGroups } = await json<{ ticketGroups: TicketGroup[] }>(
    `/api/presentations/${arena.id}/ticketGroups`,
  );

  // Rows with two adjacent free plain seats; each customer (and the visitor) gets a row of its own, spread out.
  const pairs: [Seat, Seat][] = [];
  for (const section of plan.S)
    for (const group of section.G)
      for (const row of group.R)
        for (let i = 0; i + 1 < row.S.length; i++) {
          const a = row.S[i]!;
          const b = row.S[i + 1]!;
          const plain = (s: typeof a) =>
            !s.sofa &&
            !s.handicap &&
            !s.companion &&
            !s.premium &&
            !s.limitedView &&
            !!status[seatKey(section.id, s.x, s.y)];
          if (plain(a) && plain(b)) {
            const seat = (s: typeof a): Seat => ({
              sectionId: section.id,
              x: s.x,
              y: s.y,
              ticketGroupId: s.tg,
            });
            pairs.push([seat(a), seat(b)]);
            break;
          }
        }
  if (pairs.length < CUSTOMERS + 1) throw new Error(`only ${pairs.length} rows with two free plain seats`);
  const step = Math.floor(pairs.length / (CUSTOMERS + 1));
  const chosen = Array.from({ length: CUSTOMERS + 1 }, (_, i) => pairs[i * step]!);

  const lockBody = (s: Seat) => ({
    seat: {
      PresentationId: arena.id,
      VenueId: arena.venueId,
      VenueSeatplanId: arena.seatplanId,
      VenueSectionId: s.sectionId,
      TicketGroupId: s.ticketGroupId,
      XCoordinate: s.x,
      YCoordinate: s.y,
    },
  });
  const ticketOf = (s: Seat) => {
    const id = ticketGroups.find((g) => g.id === s.ticketGroupId)?.tickets[0]?.id;
    if (id === undefined) throw new Error(`no ticket for ticket group ${s.ticketGroupId}`);
    return id;
  };
  const mustLock = async (uuid: string, s: Seat, op: 'lock-seat' | 'unlock-seat') => {
    const r = await call('PUT', `/api/seats/${op}`, uuid, lockBody(s));
    if (r.status !== 200) throw new Error(`${op} ${seatKey(s.sectionId, s.x, s.y)}: ${r.status} ${r.text}`);
  };

  // Ten customers each lock two seats.
  const customers = chosen.slice(0, CUSTOMERS).map((seats) => ({ uuid: visitor(), seats }));
  for (const c of customers) for (const s of c.seats) await mustLock(c.uuid, s, 'lock-seat');

  // The other visitor: one seat, locked and unlocked again and again.
  const other = visitor();
  const visitorSeat = chosen[CUSTOMERS]![0];
  const roundTrip = async () => {
    const t = performance.now();
    await mustLock(other, visitorSeat, 'lock-seat');
    await mustLock(other, visitorSeat, 'unlock-seat');
    return performance.now() - t;
  };
  for (let i = 0; i < WARMUP_ROUND_TRIPS; i++) await roundTrip();
  const idle: number[] = [];
  for (let i = 0; i < IDLE_ROUND_TRIPS; i++) idle.push(await roundTrip());

  // The ten commits at once; the visitor goes on until all have answered.
  let answered = 0;
  let lastAnswer = 0;
  const commitTimes: number[] = [];
  const started = performance.now();
  const commits = Promise.all(
    customers.map(async (c) => {
      const t = performance.now();
      try {
        return await call(
          'POST',
          '/api/payment/commit',
          c.uuid,
          benchCommitBody(arena.id, c.seats, ticketOf),
          crypto.randomUUID(),
        );
      } catch (error) {
        return { status: 0, text: String(error) };
      } finally {
        lastAnswer = performance.now();
        commitTimes.push(lastAnswer - t);
        answered++;
      }
    }),
  );
  const busy: number[] = [];
  while (answered < CUSTOMERS) busy.push(await roundTrip());
  const results = await commits;
  const commitsWallMs = Math.round(lastAnswer - started);

  let chargedAgorot = 0;
  const outcomes = new Map<string, number>();
  const failures: string[] = [];
  for (const r of results) {
    let body: unknown = null;
    try {
      body = JSON.parse(r.text);
    } catch {
      // not JSON: counted as a failure below
    }
    const amount = hooks.completed(r.status, body);
    const answer = body as { status?: unknown; code?: unknown } | null;
    const label = `${r.status} ${amount !== null ? 'completed' : String(answer?.status ?? answer?.code ?? 'no answer')}`;
    outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
    if (amount === null || !Number.isSafeInteger(amount) || amount <= 0)
      failures.push(`${r.status} ${r.text.slice(0, 300)}`);
    else chargedAgorot += amount;
  }
  if (failures.length > 0)
    throw new Error(
      `checkout benchmark (${database}): ${failures.length} of ${CUSTOMERS} commits did not complete:\n${failures.join('\n')}`,
    );
  if (busy.length === 0)
    throw new Error(`checkout benchmark (${database}): no round trip during the commits`);

  const idleP95Ms = pct(idle, 95);
  const busyP95Ms = pct(busy, 95);
  const ratioP95 = round2(busyP95Ms / idleP95Ms);
  return {
    database,
    customers: CUSTOMERS,
    acquirerDelayMs: ACQUIRER_DELAY_MS,
    idleRoundTrips: idle.length,
    idleP50Ms: pct(idle, 50),
    idleP95Ms,
    idleP99Ms: pct(idle, 99),
    idleMaxMs: round2(Math.max(...idle)),
    busyRoundTrips: busy.length,
    busyP50Ms: pct(busy, 50),
    busyP95Ms,
    busyP99Ms: pct(busy, 99),
    busyMaxMs: round2(Math.max(...busy)),
    commitsWallMs,
    commitMaxMs: Math.round(Math.max(...commitTimes)),
    commits: [...outcomes].map(([label, n]) => `${n} × ${label}`).join(', '),
    chargedAgorot,
    ratioP95,
    pass: ratioP95 <= MAX_RATIO_P95,
  };
}
