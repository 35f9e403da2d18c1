import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A general-admission presentation's capacity: null sells every online place of its seat plan; N sells
 * only the first N online places in the order the box office hands them out (section, row, place), so a
 * club sells fewer than its plan holds without a plan of its own (server/services/seating/capacity.ts).
 */
export const m022_PresentationCapacity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('presentations').addColumn('capacity', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('presentations').dropColumn('capacity').execute();
  },
};
