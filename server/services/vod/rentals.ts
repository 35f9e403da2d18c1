import type { Kysely } from 'kysely';
import { rentalWindow } from '../../../src/domain/vod.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/**
 * The rentals a paid order's video tickets become (in the transaction that marks the order paid, and
 * by the seed): each with its viewing window and the plays its film allows. Idempotent.
 */
export async function createRentals(trx: Db, reservationIdentifier: string, now: number): Promise<void> {
  const tickets = await trx
    .selectFrom('order_tickets as t')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .innerJoin('vod_films as f', 'f.presentation_id', 't.presentation_id')
    .leftJoin('video_rentals as r', 'r.ticket_identifier', 't.ticket_identifier')
    .select(['t.ticket_identifier', 't.presentation_id', 'p.starts_at', 'f.plays_allowed', 'f.rental_hours'])
    .where('t.reservation_identifier', '=', reservationIdentifier)
    .where('t.kind', '=', 'video')
    .where('t.state', '=', 'valid')
    .where('r.ticket_identifier', 'is', null)
    .execute();
  if (tickets.length === 0) return;
  await trx
    .insertInto('video_rentals')
    .values(
      tickets.map((t) => {
        const w = rentalWindow({
          releasedAt: Number(t.starts_at),
          purchasedAt: now,
          rentalHours: t.rental_hours,
        });
        return {
          ticket_identifier: t.ticket_identifier,
          reservation_identifier: reservationIdentifier,
          presentation_id: t.presentation_id,
          purchased_at: now,
          available_from: w.availableFrom,
          available_until: w.availableUntil,
          plays_allowed: t.plays_allowed,
        };
      }),
    )
    .execute();
}

/** A cancelled order's rentals stop streaming at once: no stream is theirs any more. */
export async function stopRentals(trx: Db, reservationIdentifier: string): Promise<void> {
  await trx
    .updateTable('video_rentals')
    .set({ stream_id: null, play_id: null })
    .where('reservation_identifier', '=', reservationIdentifier)
    .execute();
}
