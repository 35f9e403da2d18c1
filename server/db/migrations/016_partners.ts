import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 20, partners: a venue's partner mini-sites (a hotel chain's or a workers' committee's storefront,
 * each selling listed presentations at its own hidden prices), and signed integrations (a partner's site
 * sends its customers in with a link signed by a shared secret; the entry it gets lives a few hours).
 * Tickets only a mini-site or an integration partner sells say whose they are; orders say where they came
 * from.
 */
export const m016_Partners: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mini_sites')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('mini_site_presentations')
      .addColumn('mini_site_id', 'integer', (c) => c.notNull())
      .addColumn('presentation_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('mini_site_presentations_pk', ['mini_site_id', 'presentation_id'])
      .execute();
    await db.schema
      .createTable('integration_partners')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('return_origin', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('integration_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('partner_id', 'integer', (c) => c.notNull())
      .addColumn('ret', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('tickets').addColumn('mini_site_id', 'integer').execute();
    await db.schema.alterTable('tickets').addColumn('integration_partner_id', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('referral_mini_site_id', 'integer').execute();
    await db.schema.alterTable('orders').addColumn('integration_partner_id', 'integer').execute();
  },
};
