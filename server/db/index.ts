import { PreparedStatements } from './preparedStatements.ts';
import { StatementStats } from './statementStats.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { BoxOfficeSqliteDialect } from './sqlite-compiler.ts';
import pg from 'pg';
import { nodeSqliteDatabase } from './sqlite-adapter.ts';
import { migrateToLatest, pendingMigrations } from './migrations.ts';
import { pgChangeFeed } from './changeFeed/pg.ts';
import { sqliteChangeFeed } from './changeFeed/sqlite.ts';
import type { ChangeFeed } from './changeFeed/types.ts';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** A new feed of the seat writes of every process (see changeFeed/): LISTEN on PostgreSQL, a table on SQLite. */
  changeFeed(onError?: (err: unknown) => void): ChangeFeed;
  /** Connections of the pool (PostgreSQL; SQLite has one connection and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Statements sent and the time waited for them, since the process opened the database. */
  statements?: StatementStats;
  /** The migrations this code knows that the database has not run (readiness). */
  pendingMigrations(): Promise<string[]>;
  close(): Promise<void>;
}

export interface DbConfig {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created when missing); tests use one per run. */
  databaseSchema?: string | undefined;
  poolSize?: number;
  /** PostgreSQL: send the statements sent often as named prepared statements (preparedStatements.ts). */
  preparedStatements?: boolean;
}

// int8 (bigint) columns hold epoch milliseconds, far inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens the database (SQLite file in dataDir, or PostgreSQL when databaseUrl is set) and migrates it. */
export async function openDatabase(config: DbConfig): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config, config.databaseUrl) : openSqlite(config.dataDir);
  await migrateToLatest(
    db.kysely as unknown as Kysely<unknown>,
    db.dialect,
    db.dialect === 'postgres' ? config.databaseSchema : undefined,
  );
  return db;
}

function openSqlite(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const database = nodeSqliteDatabase(join(dataDir, 'boxoffice.sqlite'));
  const statements = new StatementStats();
  const kysely = new Kysely<Database>({
    dialect: new BoxOfficeSqliteDialect({ database }),
    log: statements.log,
  });
  return {
    kysely,
    statements,
    dialect: 'sqlite',
    changeFeed: () => sqliteChangeFeed(kysely),
    pendingMigrations: () => pendingMigrations(kysely as unknown as Kysely<unknown>, 'sqlite'),
    close: () => kysely.destroy(),
  };
}

async function openPostgres(config: DbConfig, url: string): Promise<Db> {
  const schema = config.databaseSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`DATABASE_SCHEMA must be a plain lower-case identifier, got ${JSON.stringify(schema)}`);
  }
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: config.poolSize ?? 10,
    // While the database is down a request fails fast (503) instead of waiting for a connection forever.
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that dies (a restart) is dropped from the pool; without a listener it would crash us.
  pool.on('error', () => undefined);
  // A connection that dies while checked out (between the statements of a transaction, or under a
  // query) emits 'error' on its client, and pg-pool removes its own listener while the client is lent:
  // with no listener Node would end the process. The query in flight still fails (503), and the pool
  // drops the broken client when it comes back. (Found by server/faults.test.ts under load.)
  // Statements sent often are prepared once per connection (off behind a transaction-mode pooler).
  const prepared = config.preparedStatements === false ? null : new PreparedStatements();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepared?.wrap(client);
  });
  const statements = new StatementStats();
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: statements.log });
  return {
    kysely,
    statements,
    dialect: 'postgres',
    changeFeed: (onError) => pgChangeFeed(kysely, { url, schema, onError }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    pendingMigrations: () => pendingMigrations(kysely as unknown as Kysely<unknown>, 'postgres', schema),
    close: () => kysely.destroy(),
  };
}
