import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * The catalogue's generation (issue 34): a number that every change of what the shop sells (a
 * presentation scheduled, moved, called off or put off sale, a feature, a venue's online sales) moves on,
 * in the transaction of the change. The hot caches of every process (the board, a presentation, its
 * ticket groups, the pages' heads and sitemap) are of one generation: a change shows on every process as
 * soon as it reads the new number, at most CHECK_MS later, and on the process that made it at once.
 */

/** How long a process trusts the generation it read before reading it again (one small read per period). */
export const CATALOGUE_CHECK_MS = 250;

type Db = Kysely<Database>;

class Generation {
  private value: Promise<number> | null = null;
  private at = 0;
  private last = 0;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  current(): Promise<number> {
    const now = Date.now();
    if (this.value && now - this.at < CATALOGUE_CHECK_MS) return this.value;
    this.at = now;
    this.value = this.db
      .selectFrom('catalogue_generation')
      .select('generation')
      .where('id', '=', 1)
      .executeTakeFirst()
      .then(
        (r) => (this.last = Number(r?.generation ?? 0)),
        // The database away: the caches keep the generation they know, the next call reads again.
        () => {
          this.at = 0;
          return this.last;
        },
      );
    return this.value;
  }

  forget(): void {
    this.at = 0;
  }
}

const generations = new WeakMap<object, Generation>();

function generationOf(db: Db): Generation {
  let g = generations.get(db);
  if (!g) generations.set(db, (g = new Generation(db)));
  return g;
}

/** The catalogue generation this process knows (read again at most every CATALOGUE_CHECK_MS). */
export function catalogueGeneration(db: Db): Promise<number> {
  return generationOf(db).current();
}

/** Moves the generation on, in the transaction that changes the catalogue. */
export async function bumpCatalogue(trx: Db): Promise<void> {
  await trx
    .updateTable('catalogue_generation')
    .set({ generation: sql`generation + 1` })
    .where('id', '=', 1)
    .execute();
}

/**
 * Runs a change of the catalogue in a transaction that moves the generation on; once it is committed,
 * this process reads the new generation at once (the others within CATALOGUE_CHECK_MS).
 */
export async function changeCatalogue<T>(
  db: Db,
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    const r = await change(trx);
    await bumpCatalogue(trx);
    return r;
  });
  generationOf(db).forget();
  return result;
}
