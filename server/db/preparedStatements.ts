import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for the statements a process sends again and again (issue 40, part 2).
 * Kysely sends every statement unnamed, so PostgreSQL parses and plans it each time: for the seat
 * lock's first read that was 0.4–0.5 ms of the database's CPU against 0.1 ms once it is prepared (2,000
 * runs each, this machine). A statement text seen `HOT_AFTER` times becomes hot: from then on each
 * connection prepares it once under a name derived from its text, and PostgreSQL keeps its plan (a
 * generic one after five runs, where that is no worse). Texts vary with the query (an `IN` list's length),
 * so at most `MAX_HOT` texts are made hot per process and only parameterised ones (a `begin` gains
 * nothing); the rest go as before.
 *
 * Off with `DB_PREPARED_STATEMENTS=0`: behind a pooler in transaction mode (PgBouncer before 1.21, or
 * without `max_prepared_statements`) a prepared statement can reach a server connection that never saw it.
 */
const HOT_AFTER = 3;
const MAX_HOT = 300;
/** Texts counted but not (yet) hot: forgotten all at once when there are this many. */
const MAX_COUNTED = 5_000;

export class PreparedStatements {
  private readonly seen = new Map<string, number>();
  private readonly hot = new Map<string, string>();

  /** The name to prepare `text` under, once it is hot; undefined while it is not. */
  nameOf(text: string): string | undefined {
    const name = this.hot.get(text);
    if (name !== undefined) return name;
    if (this.hot.size >= MAX_HOT || !text.includes('$1')) return undefined;
    const n = (this.seen.get(text) ?? 0) + 1;
    if (n < HOT_AFTER) {
      if (this.seen.size >= MAX_COUNTED) this.seen.clear();
      this.seen.set(text, n);
      return undefined;
    }
    this.seen.delete(text);
    const made = `bo_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    this.hot.set(text, made);
    return made;
  }

  get hotCount(): number {
    return this.hot.size;
  }

  /**
   * Makes a pool client send hot texts as named statements. Kysely calls `query(text, values)` and
   * awaits a promise; every other form (a config object, a cursor, a callback) passes through.
   */
  wrap(client: pg.PoolClient): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = this.nameOf(text);
        if (name) return query({ name, text, values });
      }
      return query(...args);
    };
  }
}
