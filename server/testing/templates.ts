import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/index.ts';
import { seedDemoCatalogue } from '../seed/index.ts';

/**
 * Seeded databases to copy (CI time): seeding the demo catalogue takes seconds (about 3 s on SQLite and
 * 7 s on PostgreSQL on the CI machine) and nearly every test app wants the same one, seeded at TEST_NOW.
 * The run's global setup seeds each kind once; a test app then starts from a copy: a file copy on SQLite,
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL. What a test does to its copy touches no other test.
 */
export type SeedKind = 'catalogue' | 'catalogueWithSales';
export const SEED_KINDS: readonly SeedKind[] = ['catalogue', 'catalogueWithSales'];

/** Where the run's templates are: a SQLite file and a PostgreSQL database per kind. */
export interface DbTemplates {
  sqlite: Record<SeedKind, string>;
  postgres: Record<SeedKind, string> | null;
}

/** The schema every PostgreSQL test database keeps its tables in (copied with the template). */
export const TEMPLATE_SCHEMA = 'boxoffice';

const SQLITE_FILE = 'boxoffice.sqlite';

/** The same server and credentials, another database. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(base: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function seed(config: Parameters<typeof openDatabase>[0], kind: SeedKind, now: number) {
  const db = await openDatabase(config);
  try {
    await seedDemoCatalogue(db.kysely, now, { demoSales: kind === 'catalogueWithSales' });
  } finally {
    await db.close();
  }
}

/** Seeds every kind on SQLite (and PostgreSQL when `databaseUrl` is given), side by side. */
export async function buildTemplates(databaseUrlBase: string | undefined, now: number): Promise<DbTemplates> {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const sqlite = {} as Record<SeedKind, string>;
  const postgres = databaseUrlBase ? ({} as Record<SeedKind, string>) : null;
  await Promise.all(
    SEED_KINDS.flatMap((kind) => {
      const dir = mkdtempSync(join(tmpdir(), `boxoffice-template-${kind}-`));
      sqlite[kind] = dir;
      const jobs = [seed({ dataDir: dir }, kind, now)];
      if (databaseUrlBase && postgres) {
        const name = `bo_tpl_${tag}_${kind.toLowerCase()}`;
        postgres[kind] = name;
        jobs.push(
          admin(databaseUrlBase, (c) => c.query(`CREATE DATABASE ${name}`)).then(() =>
            seed(
              {
                dataDir: dir,
                databaseUrl: databaseUrl(databaseUrlBase, name),
                databaseSchema: TEMPLATE_SCHEMA,
              },
              kind,
              now,
            ),
          ),
        );
      }
      return jobs;
    }),
  );
  return { sqlite, postgres };
}

export async function dropTemplates(t: DbTemplates, databaseUrlBase: string | undefined): Promise<void> {
  for (const dir of Object.values(t.sqlite)) rmSync(dir, { recursive: true, force: true });
  if (t.postgres && databaseUrlBase)
    await admin(databaseUrlBase, async (c) => {
      for (const name of Object.values(t.postgres!))
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
}

/** A SQLite test database in `dataDir`, copied from the template (with its write-ahead log, if any). */
export function copySqlite(t: DbTemplates, kind: SeedKind, dataDir: string): void {
  for (const suffix of ['', '-wal']) {
    const from = join(t.sqlite[kind], SQLITE_FILE + suffix);
    if (existsSync(from)) copyFileSync(from, join(dataDir, SQLITE_FILE + suffix));
  }
}

/** A new PostgreSQL test database copied from the template; returns its name. */
export async function copyPostgres(t: DbTemplates, kind: SeedKind, databaseUrlBase: string): Promise<string> {
  const name = `bo_t_${randomBytes(6).toString('hex')}`;
  await admin(databaseUrlBase, async (c) => {
    // Two copies of one template at once can meet ("being accessed by other users"): try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${name} TEMPLATE ${t.postgres![kind]}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  return name;
}

export async function dropPostgres(name: string, databaseUrlBase: string): Promise<void> {
  await admin(databaseUrlBase, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
