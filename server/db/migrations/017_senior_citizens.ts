import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 20, senior-citizen prices: a ticket type only a registered senior citizen buys (unlocked by an ID
 * number the senior registry confirms), the registry's answers as keyed hashes of the ID numbers (never
 * the numbers themselves), and the senior tickets each ID number took at a presentation: one row per
 * ticket with a sequence number under a unique key, so two orders at once cannot both go past the limit.
 */
export const m017_SeniorCitizens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tickets')
      .addColumn('is_senior', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('senior_verifications')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('is_senior', 'integer', (c) => c.notNull())
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('senior_benefit_uses')
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addColumn('id_hash', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('reservation_identifier', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('senior_benefit_uses_pk', ['presentation_id', 'id_hash', 'seq'])
      .execute();
    await db.schema
      .createIndex('senior_benefit_uses_order')
      .on('senior_benefit_uses')
      .columns(['reservation_identifier'])
      .execute();
  },
};
