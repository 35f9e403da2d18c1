import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../index.ts';

/**
 * Searching the signed waivers (table `order_waivers`) by a jumper's name. The jumpers are a JSON array
 * of objects in `jumpers_json` (text on both databases); only their `name` is searched, never the ticket
 * names or dates beside it. What differs between SQLite (json_each) and PostgreSQL (jsonb) stays here.
 */
export interface WaiverSearchRepository {
  /**
   * Whether a jumper of the waiver aliased `w` has a lower-cased name LIKE `like` (a pattern already
   * lower-cased, its wildcards placed by the caller).
   */
  jumperNameLike(like: string): Expression<SqlBool>;
}

export function waiverSearchRepository(db: Pick<Db, 'dialect'>): WaiverSearchRepository {
  const postgres = db.dialect === 'postgres';
  return {
    jumperNameLike(like) {
      return postgres
        ? sql<SqlBool>`exists (select 1 from jsonb_array_elements(w.jumpers_json::jsonb) as j(value)
            where lower(j.value ->> 'name') like ${like})`
        : sql<SqlBool>`exists (select 1 from json_each(w.jumpers_json) as j
            where lower(json_extract(j.value, '$.name')) like ${like})`;
    },
  };
}
