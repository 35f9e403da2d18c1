import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../types.ts';

/**
 * Schedules of a hall against each other (issue 34): whoever adds shows to a hall holds the hall until
 * its transaction ends, so two schedules written at once cannot both pass the clash check. PostgreSQL
 * takes transaction advisory locks, in one order for everyone; SQLite needs nothing: it runs one write
 * transaction at a time. Built on the transaction itself (the dialect is its adapter's).
 */
export async function holdHalls(trx: Kysely<Database>, hallIds: readonly number[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const id of [...new Set(hallIds)].sort((a, b) => a - b))
    await sql`select pg_advisory_xact_lock(hashtextextended(${`hall:${id}`}, 0))`.execute(trx);
}

/**
 * Holds a named kind of catalogue write (new ticket types and price lists, `prices`) until the
 * transaction ends, so two writers never take the same new ids. SQLite writes one at a time already.
 */
export async function holdNamed(trx: Kysely<Database>, name: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`catalogue:${name}`}, 0))`.execute(trx);
}
