import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../index.ts';

/**
 * Issue 36, finding an order: what the box office's search (server/services/orders/admin/search.ts)
 * needs beyond the indexes it already finds by (reservation and ticket numbers are primary keys, the
 * customer's e-mail and mobile keys, gift-card payments and voucher redemptions have theirs). Chosen by
 * EXPLAIN on PostgreSQL with a million orders (bench/orderSearch.ts):
 * - orders newest first, for the latest orders and every page of a search (`created_at`, then the
 *   reservation number that breaks ties and makes the page cursor);
 * - a card's last four digits (payments by card and at the counter's terminal; most payments have none);
 * - a customer's orders with their instants, in place of the index by customer alone: a name, an e-mail
 *   or a phone finds customers, and their orders' page is then read from the index without the table;
 * - PostgreSQL: the customer's name as one lower-cased text under a trigram index (pg_trgm), so a word
 *   anywhere in the name is found without reading every customer. pg_trgm ships with PostgreSQL (Debian's
 *   main package); where it cannot be created (no privilege, a build without it) the index is left out
 *   and the search still answers, reading every customer. SQLite has no such index: a substring search
 *   there reads the customers, which an embedded venue's database keeps small.
 */
export const orderSearchMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('orders_created')
      .on('orders')
      .columns(['created_at', 'reservation_identifier'])
      .execute();
    await db.schema
      .createIndex('order_payments_last4')
      .on('order_payments')
      .column('last4')
      .where(sql.ref('last4'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('orders_customer_created')
      .on('orders')
      .columns(['customer_id', 'created_at', 'reservation_identifier'])
      .execute();
    await db.schema.dropIndex('orders_customer').execute();
    if (dialect === 'postgres') await customerNameIndex(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists customers_name_trgm`.execute(db);
    await db.schema.createIndex('orders_customer').on('orders').column('customer_id').execute();
    await db.schema.dropIndex('orders_customer_created').execute();
    await db.schema.dropIndex('order_payments_last4').execute();
    await db.schema.dropIndex('orders_created').execute();
  },
});

/**
 * The trigram index of customers' names. The extension is the database's, not a schema's: it goes to
 * `public` once (an advisory lock keeps two migrating processes from creating it at once) and the index
 * names its operator class there, so schemas of their own (tests, benchmarks) share it and dropping one
 * never drops it. A savepoint keeps a refused CREATE EXTENSION from failing the migration's transaction.
 */
async function customerNameIndex(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('boxoffice pg_trgm'))`.execute(db);
  const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  let schema = found.rows[0]?.schema;
  if (!schema) {
    await sql`savepoint pg_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm schema public`.execute(db);
      await sql`release savepoint pg_trgm`.execute(db);
      schema = 'public';
    } catch {
      await sql`rollback to savepoint pg_trgm`.execute(db);
      return;
    }
  }
  // Exactly the expression of server/db/repositories/orderSearch.ts (CUSTOMER_NAME_SQL), without the alias.
  await sql`create index customers_name_trgm on customers using gin
    ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) ${sql.id(schema)}.gin_trgm_ops)`.execute(
    db,
  );
}
