import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 32: a seat given up and taken again by the same address at once continues its hold instead of
 * starting a fresh one (no holding a seat forever by cycling visitor ids). A lapsed hold keeps its row in
 * `seat_holds` until the seat is taken again, which says who held it since when; a seat let go is deleted
 * from there (the change feed frees it at once), so its last holder is kept here: one row per seat, the
 * address that let it go, when that hold began and when it was let go.
 */
export const m019_HoldReleases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hold_releases')
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('section_id', 'integer', (c) => c.notNull())
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addColumn('holder_address', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('released_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('hold_releases_pk', ['presentation_id', 'section_id', 'x', 'y'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('hold_releases').execute();
  },
};
