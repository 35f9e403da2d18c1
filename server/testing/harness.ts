import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/index.ts';
import { seedDemoCatalogue } from '../seed/index.ts';
import { continueAfterEntry } from '../services/audit/log.ts';
import type { CaptchaVerifier } from '../services/customers/captcha.ts';
import { secretOfSetting } from '../services/customers/secrets.ts';
import type { SmsSender } from '../services/customers/sms.ts';
import type { MailSender } from '../services/messages/mail.ts';
import type { SeniorRegistry } from '../services/seniors/registry.ts';
import { issueVisitorId, visitorIdKey } from '../services/visitors/visitorId.ts';
import {
  copyPostgres,
  copySqlite,
  databaseUrl,
  type DbTemplates,
  dropPostgres,
  type SeedKind,
  TEMPLATE_SCHEMA,
} from './templates.ts';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL as well when DATABASE_URL is set (CI sets it). */
export const dialects: TestDialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fixed "now" for tests: Sunday 22 November 2026, 12:00 in Jerusalem. */
export const TEST_NOW = Date.parse('2026-11-22T10:00:00Z');

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ReturnType<typeof fixedClock>;
  config: ServerConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  maxSeats?: number;
  poolSize?: number;
  env?: Record<string, string>;
  /** Where SMS go (the development outbox when absent). */
  sms?: SmsSender;
  /** Where e-mail goes (the development outbox when absent). */
  mail?: MailSender;
  /** The captcha check (off when absent). */
  captcha?: CaptchaVerifier;
  /** The senior-citizen registry (the built-in sandbox when absent). */
  seniorRegistry?: SeniorRegistry;
  /** The demo sales of the staff reports (seed/demoSales.ts); off unless asked, so fixtures stay exact. */
  demoSales?: boolean;
  /** Fastify's logger options (no logging when absent). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * A real app on a real, empty database: a temporary SQLite file, or a fresh PostgreSQL schema that is
 * dropped afterwards. The clock is fixed at TEST_NOW and can be moved.
 */
export async function createTestApp(dialect: TestDialect, opts: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'boxoffice-test-'));
  // A copy of the run's seeded database when there is one (templates.ts), else a fresh schema seeded here.
  const kind: SeedKind = opts.demoSales ? 'catalogueWithSales' : 'catalogue';
  const templates = opts.seed === false ? null : await runTemplates();
  const base = process.env.DATABASE_URL;
  let copied: string | null = null;
  if (templates && dialect === 'sqlite') copySqlite(templates, kind, dir);
  if (templates?.postgres && dialect === 'postgres' && base)
    copied = await copyPostgres(templates, kind, base);
  const schema =
    dialect !== 'postgres' ? undefined : copied ? TEMPLATE_SCHEMA : `t_${randomBytes(6).toString('hex')}`;
  const pgUrl = copied && base ? databaseUrl(base, copied) : base;
  const config = loadConfig({
    AUTH_SECRET: TEST_AUTH_SECRET,
    DEV_OUTBOX: '1',
    // Every test caller comes from 127.0.0.1 under a clock that stands still: per-address limits would
    // add up across a whole file. Tests of those limits set their own (abuse.test.ts).
    LIMIT_HELD_SEATS_PER_ADDRESS: '1000000',
    LIMIT_LOCKS_PER_MINUTE_PER_ADDRESS: '1000000',
    LIMIT_COMMITS_PER_10MIN_PER_ADDRESS: '1000000',
    LIMIT_HELD_SEATS_PER_ADDRESS_PER_SHOW_MIN: '1000000',
    LIMIT_VISITOR_IDS_PER_MINUTE_PER_ADDRESS: '1000000',
    // A seat let go and taken again from 127.0.0.1 would continue its hold across tests that move the
    // clock: the rule is off unless a test asks for it (abuse.test.ts).
    LIMIT_HOLD_RETAKE_SECONDS: '0',
    DATA_DIR: dir,
    STATIC_DIR: '',
    MAX_SEATS_PER_TRANSACTION: String(opts.maxSeats ?? 10),
    ...(dialect === 'postgres' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
    ...opts.env,
  });
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    poolSize: opts.poolSize ?? 10,
  });
  const clock = fixedClock(TEST_NOW);
  const fromTemplate = dialect === 'sqlite' ? templates !== null : copied !== null;
  if (fromTemplate) {
    // The seed's audit entries were written by another process at this same instant: ours come after.
    const last = await db.kysely
      .selectFrom('audit_log')
      .select('id')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (last) continueAfterEntry(last.id);
  }
  if (opts.seed !== false && !fromTemplate)
    await seedDemoCatalogue(db.kysely, clock.now(), { demoSales: opts.demoSales ?? false });
  const app = await buildApp({
    config,
    db,
    clock,
    sms: opts.sms,
    mail: opts.mail,
    captcha: opts.captcha,
    seniorRegistry: opts.seniorRegistry,
    logger: opts.logger,
    reconciler: false,
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
      if (copied && base) await dropPostgres(copied, base);
      else if (schema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}

/** The AUTH_SECRET of test apps (unless a test sets its own): visitor() signs ids with it. */
export const TEST_AUTH_SECRET = 'test-auth-secret: not for production';
const testVisitorKey = visitorIdKey(secretOfSetting(TEST_AUTH_SECRET));

/** A fresh visitor id, as the box office would issue it (GET /api/session). */
export function visitor(): string {
  return issueVisitorId(testVisitorKey);
}

/** The same issued visitor id every time for `n` (model-based tests name their visitors). */
export function fixedVisitor(n: number): string {
  return issueVisitorId(testVisitorKey, Buffer.alloc(8, n));
}

/**
 * Another box-office process on the same database as `t` (PostgreSQL: the same schema; its own pool and
 * change feed), sharing its clock; closed by the caller before `t`.
 */
export async function createPeerApp(t: TestApp): Promise<FastifyInstance> {
  const db = await openDatabase({
    dataDir: t.config.dataDir,
    databaseUrl: t.config.databaseUrl,
    databaseSchema: t.config.databaseSchema,
    poolSize: 4,
  });
  const app = await buildApp({ config: t.config, db, clock: t.clock, reconciler: false });
  await app.ready();
  return app;
}

/** The run's seeded databases, provided by the vitest global setup; null outside vitest or without it. */
async function runTemplates(): Promise<DbTemplates | null> {
  if (!process.env.VITEST) return null;
  try {
    const { inject } = await import('vitest');
    return inject('dbTemplates') ?? null;
  } catch {
    return null;
  }
}
