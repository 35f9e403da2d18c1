import { foreignCurrency } from '../../../../src/domain/currency.ts';
import { seatNames } from '../../catalogue/seatplans.ts';
import { cancelMembershipLines, fulfilMembershipLines } from '../../memberships/members.ts';
import { type MembershipLine, validateMemberships } from '../../memberships/validate.ts';
import { randomId } from '../ids.ts';
import { cancelClaimedSeats, claimSeat, releaseClaimedSeats, sellClaimedSeats } from './claimedSeats.ts';
import { AppError } from '../../../errors.ts';
import { type LineKind, NO_TOTALS } from './types.ts';

/**
 * Memberships bought, renewed or topped up online (spec sections 2–5, issue 16): validated in
 * memberships/validate.ts, priced at the box office's price less the price's discount, written as
 * `order_membership_lines`; a membership with seats claims its held seat in each of its presentations
 * with an `order_tickets` row each (the seats show as the customer's tickets). Paid: members are made,
 * renewed or topped up and vouchers issued (memberships/members.ts), the seats sold. Cancelled: the
 * members cancelled, the seats let go, the unused vouchers cancelled.
 */
export const memberships: LineKind<MembershipLine[]> = {
  name: 'membership',
  async validate(trx, ctx, cart) {
    const lines = await validateMemberships(trx, ctx, cart);
    // One currency for the whole selection (validated): a foreign one is the order's currency.
    const currency = lines?.length ? foreignCurrency(lines[0]!.currency, ctx.settings.currency.code) : null;
    if (currency) ctx.currency = currency;
    return lines;
  },

  price: (lines) => ({
    ...NO_TOTALS,
    memberships: lines.reduce((a, l) => a + l.unitPrice - l.discount, 0),
  }),

  async reserve(trx, ctx, order, lines) {
    await trx
      .insertInto('order_membership_lines')
      .values(
        lines.map((l, i) => ({
          reservation_identifier: order.reservationIdentifier,
          line: i,
          membership_id: l.membershipId,
          price_id: l.priceId,
          kind: l.kind,
          member_number: l.memberNumber,
          unit_price: l.unitPrice,
          discount: l.discount,
          currency_code: l.currency,
          references_json: l.references ? JSON.stringify(l.references) : null,
          seat_json: l.seat ? JSON.stringify(l.seat) : null,
        })),
      )
      .execute();
    let sort = 0;
    for (const l of lines) {
      if (!l.seat) continue;
      const seat = l.seat;
      for (const p of l.presentations) {
        await claimSeat(
          trx,
          order,
          { pi: p.id, si: seat.si, x: seat.x, y: seat.y },
          ctx.now + ctx.paymentWindowMs,
          () =>
            new AppError('membership_seat_required', 'the seat is no longer held', { id: l.membershipId }),
        );
        const names = (await seatNames(trx, p.seatplanId)).get(`${seat.si}_${seat.x}_${seat.y}` as never);
        // The first ticket type of the seat's price level in the presentation's price list.
        const ticket = await trx
          .selectFrom('tickets')
          .select('id')
          .where('ticket_group_id', '=', seat.tg)
          .where('price_list_id', '=', (eb) =>
            eb.selectFrom('presentations').select('price_list_id').where('id', '=', p.id),
          )
          .orderBy('is_hidden')
          .orderBy('sort')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_tickets')
          .values({
            ticket_identifier: randomId(12),
            reservation_identifier: order.reservationIdentifier,
            presentation_id: p.id,
            section_id: seat.si,
            x: seat.x,
            y: seat.y,
            section_name: names?.section ?? '',
            row_name: names?.row ?? String(seat.y),
            seat_name: names?.seat ?? String(seat.x),
            ticket_group_id: seat.tg,
            ticket_id: ticket.id,
            price: 0,
            service_charge: 0,
            is_sub_ticket: 0,
            state: 'pending',
            sort: sort++,
            kind: 'seat',
          })
          .execute();
      }
    }
  },

  rows: [{ table: 'order_membership_lines' }],
  async fulfil(trx, now, order) {
    // The seats first (the seat kind may have sold them already: the same claim, the same tickets).
    await sellClaimedSeats(trx, order, 'membership');
    await fulfilMembershipLines(trx, now, order.reservationIdentifier);
  },

  async release(trx, _now, order) {
    // Members are made only once paid; the seats stay held for the visitor (the seat kind does the same).
    await releaseClaimedSeats(trx, order);
  },

  async cancel(trx, _now, order) {
    await cancelClaimedSeats(trx, order);
    await cancelMembershipLines(trx, order.reservationIdentifier);
  },
};
