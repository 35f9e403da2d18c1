import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../index.ts';

/**
 * Replaces the expression of a named CHECK constraint. PostgreSQL drops and re-adds the constraint;
 * SQLite cannot alter a constraint, so the table is rebuilt the way SQLite documents it ("making other
 * kinds of table schema changes"): foreign keys off, a new table with the changed definition, rows
 * copied, the old table dropped, the new one renamed, its indexes recreated, foreign keys checked.
 * SQLite migrations run outside a transaction (Kysely), so this opens its own.
 */
export async function replaceCheck(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
  constraint: string,
  expression: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql.raw(`alter table ${table} drop constraint ${constraint}`).execute(db);
    await sql.raw(`alter table ${table} add constraint ${constraint} check (${expression})`).execute(db);
    return;
  }
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = found.rows[0]?.sql;
  if (!create) throw new Error(`no table ${table}`);
  const marker = new RegExp(`constraint\\s+"?${constraint}"?\\s+check\\s*\\(`, 'i').exec(create);
  if (!marker) throw new Error(`no constraint ${constraint} on ${table}`);
  const open = marker.index + marker[0].length - 1;
  const close = matchingParen(create, open);
  const temp = `${table}__rebuild`;
  const rebuilt = `${create.slice(0, open + 1)}${expression}${create.slice(close)}`.replace(
    new RegExp(`^create table\\s+"?${table}"?`, 'i'),
    `create table "${temp}"`,
  );
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
    db,
  );

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql.raw(`insert into "${temp}" select * from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${temp}" rename to "${table}"`).execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken after rebuilding ${table}`);
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  throw new Error('unbalanced parentheses in a table definition');
}

/** A column of bytes (an uploaded image): `blob` on SQLite, `bytea` on PostgreSQL. */
export function bytesType(dialect: Dialect): 'blob' | 'bytea' {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}
