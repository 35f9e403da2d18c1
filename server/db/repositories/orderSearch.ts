import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../index.ts';

/**
 * Searching orders by the customer's name (issue 36). The name is the order's customer row's first and
 * last name as one lower-cased text, exactly the expression migration 027 indexes on PostgreSQL with
 * pg_trgm (a GIN trigram index answers `LIKE '%word%'` on a million customers in milliseconds). What
 * differs between the databases stays here:
 * - PostgreSQL: a word of three letters or more is a `LIKE` the trigram index can answer; a shorter one
 *   has no trigram, and in the same index scan would make PostgreSQL read the whole index, so it is
 *   checked with `strpos` on the rows the long words found (the caller always has a long word).
 * - SQLite: `LIKE` on the same text for every word (no index can help a substring; a venue on the
 *   embedded database has far fewer customers). SQLite's lower() folds ASCII letters only, so a name in
 *   Cyrillic or Polish is found as typed in its case; Hebrew and Arabic have none.
 */
export interface OrderSearchRepository {
  /**
   * Whether the customer row aliased `c` has every word of `words` (already lower-cased, without LIKE
   * wildcards) in its name.
   */
  nameHasWords(words: readonly string[]): Expression<SqlBool>;
}

/** The indexed expression: it must read exactly as migration 027's index, literals inline (no parameters). */
export const CUSTOMER_NAME_SQL = "lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))";

/** Words shorter than this have no trigram: PostgreSQL's index cannot find them. */
export const MIN_INDEXED_WORD = 3;

export function orderSearchRepository(db: Pick<Db, 'dialect'>): OrderSearchRepository {
  const postgres = db.dialect === 'postgres';
  const name = sql.raw(CUSTOMER_NAME_SQL);
  return {
    nameHasWords(words) {
      const parts = words.map((w) =>
        postgres && [...w].length < MIN_INDEXED_WORD
          ? sql<SqlBool>`strpos(${name}, ${w}) > 0`
          : sql<SqlBool>`${name} like ${`%${w}%`}`,
      );
      return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 0`;
    },
  };
}
