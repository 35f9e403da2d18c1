import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;
type Table = 'venues' | 'halls' | 'features' | 'presentations';

/** The next id of a catalogue table (one past the highest). */
export async function nextId(db: Db, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/**
 * Writes rows under fresh ids: `insert` takes the first id to use; when another writer took it at the
 * same moment (the insert fails and the id is now there), it runs again with the next ones.
 */
export async function withFreshId<T>(db: Db, table: Table, insert: (id: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const id = await nextId(db, table);
    try {
      return await insert(id);
    } catch (err) {
      const taken = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
      if (!taken || attempt >= 4) throw err;
    }
  }
}
