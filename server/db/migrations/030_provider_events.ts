import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 38, real payment providers: every webhook event a provider delivered, by its own id, so an event
 * delivered twice (providers retry until they hear 2xx) is acted on once.
 */
export const m030_ProviderEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('provider_events')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('provider_events_pk', ['provider', 'event_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('provider_events').execute();
  },
};
