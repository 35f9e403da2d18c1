import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';
import { bytesType } from './schemaChange.ts';

/**
 * Issue 34, going on sale, changing, calling off:
 * - a presentation can be sold at the box office only (`online_sale` 0; the venue's own switch still
 *   turns the whole venue off), and called off (`called_off_at`: its sales stop at once);
 * - calling off runs as a job, one row per presentation: which orders it has cancelled and refunded so
 *   far, what went back to the customers' payments and what the box office still owes (cash), and the
 *   process working on it until `claimed_until` (another process takes over after that);
 * - an order's message about one of its presentations (called off, moved) names it;
 * - the catalogue's generation: one row, moved on by every change of what is sold, so every process's
 *   hot caches follow a change at once (server/services/catalogue/generation.ts);
 * - a feature's uploaded poster: the sizes the board and link previews use, kept in the database (every
 *   process and machine serves them), named by a key that changes with every upload (long caching);
 * - price lists: every ticket type belongs to one, and a presentation sells the ticket types of its list
 *   (in the price levels it offers). The tickets there were become list 1, which every presentation uses;
 *   a list of a presentation's own (`presentation_id`) holds prices set for it alone;
 * - products (concessions, merchandise) may be offered by a venue, with all of its presentations, beside
 *   those offered with one presentation;
 * - features get a description in each language, a 3D flag and an age rating.
 */
export const presentationChangesMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('presentations')
      .addColumn('online_sale', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('presentations').addColumn('called_off_at', 'bigint').execute();
    await db.schema
      .createTable('presentation_calloffs')
      .addColumn('presentation_id', 'integer', (c) => c.primaryKey())
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('orders_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('owed_at_counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.alterTable('order_messages').addColumn('presentation_id', 'integer').execute();
    await db.schema
      .createTable('catalogue_generation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('generation', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into catalogue_generation (id, generation) values (1, 0)`.execute(db);
    await db.schema.alterTable('features').addColumn('poster_key', 'text').execute();
    await db.schema
      .createTable('feature_posters')
      .addColumn('feature_id', 'integer', (c) => c.notNull())
      .addColumn('poster_key', 'text', (c) => c.notNull())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', bytesType(dialect), (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('feature_posters_pk', ['feature_id', 'poster_key', 'size'])
      .execute();
    await db.schema
      .createTable('price_lists')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name_json', 'text', (c) => c.notNull())
      .addColumn('presentation_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    const name = JSON.stringify({
      he: 'מחירון רגיל',
      en: 'Standard prices',
      ru: 'Обычные цены',
      ar: 'الأسعار العادية',
      pl: 'Cennik podstawowy',
    });
    await sql`insert into price_lists (id, name_json, presentation_id, created_at) values (1, ${name}, null, 0)`.execute(
      db,
    );
    await db.schema
      .alterTable('tickets')
      .addColumn('price_list_id', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('tickets_price_list')
      .on('tickets')
      .columns(['price_list_id', 'ticket_group_id'])
      .execute();
    await db.schema
      .alterTable('presentations')
      .addColumn('price_list_id', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('features').addColumn('description_json', 'text').execute();
    await db.schema
      .alterTable('features')
      .addColumn('is_3d', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('features').addColumn('age_rating', 'text').execute();
    await db.schema
      .createTable('venue_products')
      .addColumn('venue_id', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('venue_products_pk', ['venue_id', 'product_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('venue_products').execute();
    await db.schema.alterTable('features').dropColumn('age_rating').execute();
    await db.schema.alterTable('features').dropColumn('is_3d').execute();
    await db.schema.alterTable('features').dropColumn('description_json').execute();
    await db.schema.alterTable('presentations').dropColumn('price_list_id').execute();
    await db.schema.dropIndex('tickets_price_list').execute();
    await db.schema.alterTable('tickets').dropColumn('price_list_id').execute();
    await db.schema.dropTable('price_lists').execute();
    await db.schema.dropTable('feature_posters').execute();
    await db.schema.alterTable('features').dropColumn('poster_key').execute();
    await db.schema.dropTable('catalogue_generation').execute();
    await db.schema.alterTable('order_messages').dropColumn('presentation_id').execute();
    await db.schema.dropTable('presentation_calloffs').execute();
    await db.schema.alterTable('presentations').dropColumn('called_off_at').execute();
    await db.schema.alterTable('presentations').dropColumn('online_sale').execute();
  },
});
