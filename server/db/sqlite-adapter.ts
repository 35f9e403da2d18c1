import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape Kysely's SqliteDialect expects.
 * Statements are cached by SQL text so hot statements (the seat lock) are prepared once.
 */
export function nodeSqliteDatabase(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, SqliteStatement>();

  return {
    raw,
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sqlText: string): SqliteStatement {
      const hit = cache.get(sqlText);
      if (hit) return hit;
      const stmt = wrap(raw.prepare(sqlText));
      if (cache.size > 500) cache.clear();
      cache.set(sqlText, stmt);
      return stmt;
    },
  };
}

function wrap(stmt: StatementSync): SqliteStatement {
  const reader = stmt.columns().length > 0;
  return {
    reader,
    all: (params) => stmt.all(...toInputs(params)),
    run: (params) => stmt.run(...toInputs(params)),
    iterate: (params) => stmt.iterate(...toInputs(params)) as IterableIterator<unknown>,
  };
}

/** node:sqlite refuses booleans and undefined; Kysely may hand either. */
function toInputs(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p === undefined) return null;
    return p as SQLInputValue;
  });
}
