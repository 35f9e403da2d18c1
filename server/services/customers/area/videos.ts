import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { VideoPurchase } from '../../../../src/api/contract/customer.ts';
import type { AreaContext } from './context.ts';
import { ownOrders, vodTypes } from './orders.ts';

/** GET /customer-area/videos: on-demand videos bought, each expired, current or future. */
export async function listVideos(ctx: AreaContext, customerId: string): Promise<VideoPurchase[]> {
  const ids = (await ownOrders(ctx.db, customerId)).map((o) => o.reservation_identifier);
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .select([
      't.reservation_identifier',
      't.presentation_id',
      'f.title_json',
      'p.starts_at',
      'p.sale_end',
      'o.created_at',
    ])
    .distinct()
    .where('t.reservation_identifier', 'in', ids)
    .where('p.venue_type_id', 'in', vodTypes)
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .orderBy('o.created_at', 'desc')
    .execute();
  return rows.map((r) => {
    const from = Number(r.starts_at);
    const until = Number(r.sale_end);
    return {
      reservationIdentifier: r.reservation_identifier,
      presentationId: r.presentation_id,
      title: JSON.parse(r.title_json) as LocalizedText,
      availableFrom: new Date(from).toISOString(),
      availableUntil: new Date(until).toISOString(),
      purchasedAt: new Date(Number(r.created_at)).toISOString(),
      status: ctx.now < from ? 'future' : ctx.now >= until ? 'expired' : 'current',
    };
  });
}
