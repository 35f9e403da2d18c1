import { sql, type Transaction } from 'kysely';
import type { Db } from '../index.ts';
import type { Database } from '../types.ts';

type Trx = Transaction<Database>;

/**
 * Sales of a presentation against a change of its seat plan version (issue 33). Every purchase of seats
 * takes a shared lock on its presentations before it reads them, so purchases go side by side; moving a
 * presentation to another version takes the exclusive one, so it waits for the purchases under way and
 * the next ones read the new version. PostgreSQL takes transaction advisory locks (no row is written, an
 * on-sale's thousands of purchases do not queue on its row); SQLite needs nothing: it runs one write
 * transaction at a time.
 */
export interface SaleLocks {
  shareSales(trx: Trx, presentationIds: readonly number[]): Promise<void>;
  holdSales(trx: Trx, presentationId: number): Promise<void>;
}

export function saleLocksRepository(db: Pick<Db, 'dialect'>): SaleLocks {
  if (db.dialect !== 'postgres') return { shareSales: async () => {}, holdSales: async () => {} };
  const key = (id: number) => sql`hashtextextended(${`sale:${id}`}, 0)`;
  return {
    async shareSales(trx, ids) {
      // One order for everyone, so two transactions never wait on each other's keys.
      for (const id of [...new Set(ids)].sort((a, b) => a - b))
        await sql`select pg_advisory_xact_lock_shared(${key(id)})`.execute(trx);
    },
    async holdSales(trx, id) {
      await sql`select pg_advisory_xact_lock(${key(id)})`.execute(trx);
    },
  };
}
