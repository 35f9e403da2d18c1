import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { VideoPurchase } from '../../../../src/api/contract/customer.ts';
import { watchPath } from '../../../../src/api/contract/vod.ts';
import { playsRemaining, videoStatus } from '../../../../src/domain/vod.ts';
import type { AreaContext } from './context.ts';
import { ownOrders } from './orders.ts';

/** GET /customer-area/videos: on-demand videos bought, each expired, current or future, with its plays. */
export async function listVideos(ctx: AreaContext, customerId: string): Promise<VideoPurchase[]> {
  const ids = (await ownOrders(ctx.db, customerId)).map((o) => o.reservation_identifier);
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('video_rentals as r')
    .innerJoin('order_tickets as t', 't.ticket_identifier', 'r.ticket_identifier')
    .innerJoin('orders as o', 'o.reservation_identifier', 'r.reservation_identifier')
    .innerJoin('presentations as p', 'p.id', 'r.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .selectAll('r')
    .select(['f.title_json', 'o.document_key'])
    .where('r.reservation_identifier', 'in', ids)
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .orderBy('r.purchased_at', 'desc')
    .execute();
  return rows.map((r) => {
    const from = Number(r.available_from);
    const until = Number(r.available_until);
    return {
      reservationIdentifier: r.reservation_identifier,
      presentationId: r.presentation_id,
      title: JSON.parse(r.title_json) as LocalizedText,
      availableFrom: new Date(from).toISOString(),
      availableUntil: new Date(until).toISOString(),
      purchasedAt: new Date(Number(r.purchased_at)).toISOString(),
      status: videoStatus(ctx.now, from, until),
      playsAllowed: r.plays_allowed,
      playsRemaining: playsRemaining({ playsAllowed: r.plays_allowed, playsUsed: r.plays_used }),
      lastPlayedAt: r.last_played_at === null ? null : new Date(Number(r.last_played_at)).toISOString(),
      watchPath: watchPath(r.reservation_identifier, r.presentation_id, r.document_key),
    };
  });
}
