import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 20, location offline (spec section 8): a venue can turn booking through the site off. Every
 * venue sells online until its manager says otherwise (1); 0 refuses lock, ticket groups and commit
 * with `location_offline`.
 */
export const m018_OnlineSales: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('venues')
      .addColumn('online_sales_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('venues').dropColumn('online_sales_enabled').execute();
  },
};
