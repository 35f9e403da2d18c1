import { VOD_VENUE_TYPES } from '../../../../src/api/contract/common.ts';
import { ticketServiceCharge } from '../../../../src/domain/order/fees.ts';
import { AppError } from '../../../errors.ts';
import { assertOnSale } from '../../catalogue/presentations.ts';
import { loadTicketGroups } from '../../catalogue/ticketGroups.ts';
import { assertSoldHere, assertVenuesOnline } from '../../catalogue/scope.ts';
import { createRentals, stopRentals } from '../../vod/rentals.ts';
import { randomId } from '../ids.ts';
import { NO_TOTALS, type LineKind } from './types.ts';

interface VideoLine {
  presentationId: number;
  ticketId: number;
  ticketGroupId: number;
  price: number;
  serviceCharge: number;
}

/**
 * Video on demand: a rental of a presentation at a virtual venue (types 101–104) while its sale is open.
 * A video is bought on its own (spec section 4: selecting one empties the rest of the cart) and cannot
 * be held. The purchase is a ticket without a seat; once paid it becomes a rental with its viewing window
 * and plays (services/vod). A presentation with no film to stream is not sold.
 */
export const videos: LineKind<VideoLine[]> = {
  name: 'video',

  async validate(trx, ctx, cart) {
    if (cart.videos.length === 0) return null;
    if (cart.seats.length > 0 || cart.products.length > 0)
      throw new AppError('video_cart_exclusive', 'a video on demand is bought on its own');
    if (ctx.isHold) throw new AppError('formValidation', 'a video on demand cannot be held');
    const ids = cart.videos.map((v) => v.presentationId);
    if (new Set(ids).size !== ids.length) throw new AppError('formValidation', 'each video once per order');
    const lines: VideoLine[] = [];
    for (const v of cart.videos) {
      const p = await trx
        .selectFrom('presentations')
        .selectAll()
        .where('id', '=', v.presentationId)
        .executeTakeFirst();
      if (!p) throw new AppError('event_not_found', `presentation ${v.presentationId} does not exist`);
      if (!VOD_VENUE_TYPES.has(p.venue_type_id))
        throw new AppError('formValidation', `presentation ${p.id} is not a video on demand`);
      assertOnSale(p, ctx.now);
      assertSoldHere(ctx.settings, { id: p.id, businessId: p.business_id, isVod: true });
      await assertVenuesOnline(trx, [p.venue_id]);
      const film = await trx
        .selectFrom('vod_films')
        .select('presentation_id')
        .where('presentation_id', '=', p.id)
        .executeTakeFirst();
      if (!film) throw new AppError('vod_film_missing', `presentation ${p.id} has no film to stream`);
      const groups = await loadTicketGroups(trx, p.id, ctx.now);
      const group = groups.find((g) => g.tickets.some((t) => t.id === v.ticketId));
      const ticket = group?.tickets.find((t) => t.id === v.ticketId);
      if (!group || !ticket)
        throw new AppError('ticket_not_in_group', `ticket ${v.ticketId} is not sold for this video`);
      if (ticket.remaining !== null && ticket.remaining < 1)
        throw new AppError('ticket_sold_out', 'sold out', { ticketId: ticket.id, remaining: 0 });
      lines.push({
        presentationId: p.id,
        ticketId: ticket.id,
        ticketGroupId: group.id,
        price: ticket.price,
        serviceCharge: ticketServiceCharge(ticket.serviceCharge, p.service_charge),
      });
    }
    return lines;
  },

  price: (lines) => ({
    ...NO_TOTALS,
    tickets: lines.reduce((a, l) => a + l.price, 0),
    serviceCharge: lines.reduce((a, l) => a + l.serviceCharge, 0),
  }),

  async reserve(trx, _ctx, order, lines) {
    await trx
      .insertInto('order_tickets')
      .values(
        lines.map((l, i) => ({
          ticket_identifier: randomId(12),
          reservation_identifier: order.reservationIdentifier,
          presentation_id: l.presentationId,
          section_id: 0,
          x: 0,
          y: 0,
          section_name: '',
          row_name: '',
          seat_name: '',
          ticket_group_id: l.ticketGroupId,
          ticket_id: l.ticketId,
          price: l.price,
          service_charge: l.serviceCharge,
          is_sub_ticket: 0,
          state: 'pending' as const,
          sort: i,
          kind: 'video' as const,
        })),
      )
      .execute();
  },

  rows: [{ table: 'order_tickets', where: { kind: 'video' } }],
  async fulfil(trx, now, order) {
    await setState(trx, order.reservationIdentifier, ['pending'], 'valid');
    await createRentals(trx, order.reservationIdentifier, now);
  },
  async release(trx, _now, order) {
    await setState(trx, order.reservationIdentifier, ['pending'], 'void');
  },
  async cancel(trx, _now, order) {
    await setState(trx, order.reservationIdentifier, ['valid'], 'cancelled');
    await stopRentals(trx, order.reservationIdentifier);
  },
};

async function setState(
  trx: Parameters<LineKind<unknown>['fulfil']>[0],
  reservationIdentifier: string,
  from: ('pending' | 'valid')[],
  to: 'valid' | 'void' | 'cancelled',
) {
  await trx
    .updateTable('order_tickets')
    .set({ state: to })
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('kind', '=', 'video')
    .where('state', 'in', from)
    .execute();
}
