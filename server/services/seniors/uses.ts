import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Orders whose senior tickets count against an ID number's limit: being paid, paid, or held. */
const LIVE_ORDER_STATES = ['pending', 'paid', 'held'] as const;

/**
 * The senior tickets an ID number (its hash) holds at a presentation in live orders. A failed or cancelled
 * order's uses no longer count (they are cleared when the ID number next takes tickets: claimSeniorUses).
 */
export async function seniorUsesTaken(db: Db, presentationId: number, idHash: string): Promise<number> {
  const row = await db
    .selectFrom('senior_benefit_uses as u')
    .innerJoin('orders as o', 'o.reservation_identifier', 'u.reservation_identifier')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('u.presentation_id', '=', presentationId)
    .where('u.id_hash', '=', idHash)
    .where('o.state', 'in', LIVE_ORDER_STATES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes `count` senior tickets for an ID number at a presentation for an order, inside the order's first
 * transaction: answers false (nothing taken) when fewer than `count` of the `max` are left.
 *
 * Race-free on both databases: each ticket is a row (presentation, ID hash, seq) with seq in 1..max under
 * a primary key. Two orders that read the same free seqs both insert them; on PostgreSQL the second insert
 * waits for the first transaction and, once it commits, conflicts (DO NOTHING: fewer rows inserted than
 * asked, so this order is refused); SQLite runs write transactions one at a time.
 */
export async function claimSeniorUses(
  trx: Transaction<Database>,
  use: { presentationId: number; idHash: string; count: number; max: number },
  order: { reservationIdentifier: string },
  now: number,
): Promise<boolean> {
  const { presentationId, idHash, count, max } = use;
  // Seqs of orders that failed or were cancelled are free again.
  await trx
    .deleteFrom('senior_benefit_uses')
    .where('presentation_id', '=', presentationId)
    .where('id_hash', '=', idHash)
    .where('reservation_identifier', 'in', (eb) =>
      eb.selectFrom('orders').select('reservation_identifier').where('state', 'in', ['failed', 'cancelled']),
    )
    .execute();
  const taken = new Set(
    (
      await trx
        .selectFrom('senior_benefit_uses')
        .select('seq')
        .where('presentation_id', '=', presentationId)
        .where('id_hash', '=', idHash)
        .execute()
    ).map((r) => r.seq),
  );
  const free: number[] = [];
  for (let seq = 1; seq <= max && free.length < count; seq++) if (!taken.has(seq)) free.push(seq);
  if (free.length < count) return false;
  const inserted = await trx
    .insertInto('senior_benefit_uses')
    .values(
      free.map((seq) => ({
        presentation_id: presentationId,
        id_hash: idHash,
        seq,
        reservation_identifier: order.reservationIdentifier,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['presentation_id', 'id_hash', 'seq']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === count;
}
