import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 37, vouchers and membership cards at the door: a scan of one keeps the pass it showed (JSON of
 * the contract's DoorPass: name, holder, uses left after the scan, valid until), so the same scan sent
 * again is answered exactly as the first time.
 */
export const m029_DoorPasses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('door_scans').addColumn('pass_json', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('door_scans').dropColumn('pass_json').execute();
  },
};
