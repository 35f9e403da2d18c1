import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/index.ts';
import { commit, paymentStatus, seatCart, ticketGroupsOf } from '../testing/checkout.ts';
import { lockAll, statusOf } from '../testing/checkoutScenarios.ts';
import { findPresentation, plainFreeSeats } from '../testing/fixtures.ts';
import { dialects, TEST_AUTH_SECRET, type TestDialect, visitor } from '../testing/harness.ts';

/**
 * The kill test: the real server process is killed (SIGKILL) after the acquirer approved a payment but
 * before the box office heard the answer. Restarted on the same data, its reconciler must settle the
 * order from the acquirer's ledger: confirmed when its seats are still there, otherwise failed and
 * refunded in full. Never money taken without an order.
 */

const MAIN = join(import.meta.dirname, '..', 'main.ts');
const TIMEOUT = 60_000;

async function freePort(): Promise<number> {
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
function overHttp(base: string): FastifyInstance {
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
    return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown };
  };
  return { inject } as unknown as FastifyInstance;
}

interface BoxOffice {
  child: ChildProcess;
  app: FastifyInstance;
  exited: Promise<unknown>;
}

describe.each(dialects)('a box office killed while the acquirer approves, on %s', (dialect: TestDialect) => {
  const running: BoxOffice[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    for (const { child, exited } of running.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A data folder (and PostgreSQL schema), the env to start the server on it, and our own connection. */
  async function dataPlace() {
    const dir = mkdtempSync(join(tmpdir(), 'boxoffice-crash-'));
    const schema = dialect === 'postgres' ? `crash_${randomBytes(6).toString('hex')}` : '';
    cleanups.push(async () => {
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
      DATABASE_URL: dialect === 'postgres' ? process.env.DATABASE_URL! : '',
      DATABASE_SCHEMA: schema,
      SANDBOX_ACQUIRER_DELAY_MS: '3000',
      RECONCILE_INTERVAL_SECONDS: '1',
      RECONCILE_GRACE_SECONDS: '1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: TEST_AUTH_SECRET,
    };
    return { dir, schema, env };
  }

  async function start(env: Record<string, string>): Promise<BoxOffice> {
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
    running.push({ child, app, exited });
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

  /**
   * Starts the server, locks two seats and commits them; SIGKILLs the process as soon as the acquirer's
   * ledger shows the payment approved. Answers what the test needs to look at afterwards.
   */
  async function killedMidPayment() {
    const place = await dataPlace();
    const first = await start(place.env);
    const db = await openDatabase({
      dataDir: place.dir,
      databaseUrl: place.env.DATABASE_URL || undefined,
      databaseSchema: place.schema || undefined,
      poolSize: 2,
    });
    cleanups.push(() => db.close());
    const movie = await findPresentation(
      first.app,
      (p) => p.category === 'movie' && p.saleStatus === 'open' && p.seatplanId === 11,
    );
    const seats = (await plainFreeSeats(first.app, movie)).filter((s) => s.ticketGroupId === 1).slice(0, 2);
    const me = visitor();
    await lockAll(first.app, me, movie, seats);
    const body = seatCart(movie, await ticketGroupsOf(first.app, movie), seats);
    const inFlight = commit(first.app, me, crypto.randomUUID(), body).then(
      () => 'answered',
      () => 'cut off',
    );

    const approved = () =>
      db.kysely
        .selectFrom('orders as o')
        .innerJoin('order_payments as p', 'p.reservation_identifier', 'o.reservation_identifier')
        .innerJoin('sandbox_transactions as s', 's.reference', 'p.id')
        .select(['o.reservation_identifier as rid', 's.id as transactionId', 's.amount'])
        .where('o.visitor', '=', me)
        .where('s.status', '=', 'approved')
        .executeTakeFirst();
    await expect.poll(approved, { timeout: 15_000, interval: 20 }).toBeDefined();
    first.child.kill('SIGKILL');
    await first.exited;
    const { rid, transactionId, amount } = (await approved())!;
    expect(await inFlight).toBe('cut off');
    expect(await orderState(db, rid)).toBe('pending');
    return { place, db, movie, seats, me, rid, transactionId, amount };
  }

  async function orderState(db: Db, rid: string) {
    const row = await db.kysely
      .selectFrom('orders')
      .select('state')
      .where('reservation_identifier', '=', rid)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  async function ledgerOf(db: Db, rid: string) {
    const charges = await db.kysely
      .selectFrom('sandbox_transactions as s')
      .innerJoin('order_payments as p', 'p.id', 's.reference')
      .select(['s.id', 's.status', 's.amount', 's.refunded_amount'])
      .where('p.reservation_identifier', '=', rid)
      .execute();
    const refunds = await db.kysely
      .selectFrom('sandbox_refunds')
      .select(['amount'])
      .where(
        'transaction_id',
        'in',
        charges.map((c) => c.id),
      )
      .execute();
    return { charges, refunds: refunds.map((r) => Number(r.amount)) };
  }

  it(
    'confirms the order after a restart from the approval in the acquirer’s ledger',
    async () => {
      const { place, db, movie, seats, me, rid, transactionId, amount } = await killedMidPayment();
      const second = await start(place.env);
      await expect.poll(() => orderState(db, rid), { timeout: 30_000, interval: 200 }).not.toBe('pending');
      expect(await orderState(db, rid)).toBe('paid');
      expect(await ledgerOf(db, rid)).toEqual({
        charges: [{ id: transactionId, status: 'approved', amount, refunded_amount: 0 }],
        refunds: [],
      });
      const sold = await db.kysely
        .selectFrom('seat_holds')
        .select(['state', 'visitor'])
        .where('presentation_id', '=', movie.id)
        .where('claimed_by', '=', rid)
        .execute();
      expect(sold).toEqual(seats.map(() => ({ state: 'sold', visitor: me })));
      const free = (await statusOf(second.app, movie)).free;
      expect(seats.filter((s) => free.has(s.key))).toEqual([]);
      const status = await paymentStatus(second.app, me, rid);
      expect(status.json()).toMatchObject({ status: 'completed', reservationIdentifier: rid });
    },
    TIMEOUT,
  );

  it(
    'fails the order and refunds the charge in full when its seats went to someone else meanwhile',
    async () => {
      const { place, db, movie, seats, me, rid, transactionId, amount } = await killedMidPayment();
      // While the box office is down, the seats are another visitor's.
      const other = visitor();
      await db.kysely
        .updateTable('seat_holds')
        .set({ visitor: other, claimed_by: null })
        .where('claimed_by', '=', rid)
        .execute();
      const second = await start(place.env);
      await expect.poll(() => orderState(db, rid), { timeout: 30_000, interval: 200 }).not.toBe('pending');
      expect(await orderState(db, rid)).toBe('failed');
      await expect
        .poll(async () => (await ledgerOf(db, rid)).charges[0]?.refunded_amount, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(amount);
      expect(await ledgerOf(db, rid)).toEqual({
        charges: [{ id: transactionId, status: 'approved', amount, refunded_amount: amount }],
        refunds: [amount],
      });
      const holds = await db.kysely
        .selectFrom('seat_holds')
        .select(['state', 'visitor'])
        .where('presentation_id', '=', movie.id)
        .where((eb) =>
          eb.or(
            seats.map((s) =>
              eb.and([eb('x', '=', s.x), eb('y', '=', s.y), eb('section_id', '=', s.sectionId)]),
            ),
          ),
        )
        .execute();
      expect(holds).toEqual(seats.map(() => ({ state: 'held', visitor: other })));
      const status = await paymentStatus(second.app, me, rid);
      expect(status.json()).toMatchObject({ code: 'lock_seat_error' });
    },
    TIMEOUT,
  );
});
