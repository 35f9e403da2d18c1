import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';

/**
 * Issue 40, rate limits across processes and hosts: the abuse guard's lock, commit and ticket-code
 * counts in fixed windows (server/db/repositories/guardCounts.ts), when LIMITS_SHARED is on.
 *
 * On PostgreSQL the table is UNLOGGED: its writes skip the write-ahead log (one per guarded call, the
 * hottest write the box office makes), and a crash empties it. Losing the counts is acceptable: they
 * live for a minute or ten at most, a crash forgives at most one window's calls, and every hard limit
 * (seats held, orders, payments) is kept elsewhere in logged tables. Unlogged tables are not copied to
 * a streaming replica either, which nothing needs: only the primary counts.
 */
export const guardCountsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('guard_counts')
      .$call((b) => (dialect === 'postgres' ? b.modifyFront(sql`unlogged`) : b))
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('guard_counts_pk', ['bucket', 'key', 'window_start'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('guard_counts').execute();
  },
});
