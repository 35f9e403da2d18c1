import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import { type VodViewing, watchPath } from '../../../src/api/contract/vod.ts';
import { playsRemaining, type RentalPlays, videoStatus } from '../../../src/domain/vod.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { ownOrder } from '../customers/area/orders.ts';
import { sameText } from '../customers/secrets.ts';

type Db = Kysely<Database>;

/** A rental with what deciding about it needs: its order, ticket, film and title. */
export async function loadRental(db: Db, where: { resId: string; vodId: number } | { ticket: string }) {
  let q = db
    .selectFrom('video_rentals as r')
    .innerJoin('order_tickets as t', 't.ticket_identifier', 'r.ticket_identifier')
    .innerJoin('orders as o', 'o.reservation_identifier', 'r.reservation_identifier')
    .innerJoin('presentations as p', 'p.id', 'r.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .innerJoin('vod_films as v', 'v.presentation_id', 'r.presentation_id')
    .selectAll('r')
    .select([
      't.state as ticket_state',
      'o.state as order_state',
      'o.document_key',
      'f.title_json',
      'f.duration_minutes',
      'v.media',
    ]);
  q =
    'ticket' in where
      ? q.where('r.ticket_identifier', '=', where.ticket)
      : q.where('r.reservation_identifier', '=', where.resId).where('r.presentation_id', '=', where.vodId);
  return q.executeTakeFirst();
}
export type RentalRow = NonNullable<Awaited<ReturnType<typeof loadRental>>>;

export function playsOf(r: RentalRow): RentalPlays {
  return {
    availableFrom: Number(r.available_from),
    availableUntil: Number(r.available_until),
    playsAllowed: r.plays_allowed,
    playsUsed: r.plays_used,
    playId: r.play_id,
    playSeenAt: r.play_seen_at === null ? null : Number(r.play_seen_at),
  };
}

/**
 * The purchase, for its owner only: the customer whose order it is (logged in), or whoever holds the
 * purchase's link key (the order's document key). Someone else's purchase is never shown nor streamed.
 */
export async function ownedRental(
  db: Db,
  who: { resId: string; vodId: number; key?: string | undefined; customerId: string | null },
): Promise<RentalRow> {
  const row = await loadRental(db, who);
  if (!row) throw new AppError('vod_not_found', 'no such video purchase');
  if (who.key !== undefined) {
    if (!sameText(who.key, row.document_key))
      throw new AppError('vod_not_yours', 'the link key does not match');
  } else {
    if (!who.customerId) throw new AppError('not_logged_in', 'log in, or open the purchase’s link');
    // The personal area's rule: the customer's account, the customer of the order, or the same mobile.
    await ownOrder(db, false, who.customerId, row.reservation_identifier).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'not_your_item')
        throw new AppError('vod_not_yours', 'this video was bought by someone else');
      throw err;
    });
  }
  if (row.order_state !== 'paid' || row.ticket_state !== 'valid')
    throw new AppError('vod_cancelled', 'this purchase was cancelled');
  return row;
}

export function viewingOf(r: RentalRow, now: number): VodViewing {
  const plays = playsOf(r);
  return {
    reservationIdentifier: r.reservation_identifier,
    presentationId: r.presentation_id,
    title: JSON.parse(r.title_json) as LocalizedText,
    durationMinutes: r.duration_minutes,
    purchasedAt: new Date(Number(r.purchased_at)).toISOString(),
    availableFrom: new Date(plays.availableFrom).toISOString(),
    availableUntil: new Date(plays.availableUntil).toISOString(),
    status: videoStatus(now, plays.availableFrom, plays.availableUntil),
    playsAllowed: plays.playsAllowed,
    playsUsed: plays.playsUsed,
    playsRemaining: playsRemaining(plays),
    lastPlayedAt: r.last_played_at === null ? null : new Date(Number(r.last_played_at)).toISOString(),
    watchPath: watchPath(r.reservation_identifier, r.presentation_id, r.document_key),
  };
}
