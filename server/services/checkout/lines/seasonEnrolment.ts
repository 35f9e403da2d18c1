import type { Selectable } from 'kysely';
import type { LockTimer } from '../../../../src/api/contract/presentations.ts';
import type { EnrolmentMembership } from '../../../../src/api/contract/enrolment.ts';
import { enrolmentPrice, tariffPrice } from '../../../../src/domain/enrolmentPricing.ts';
import { seatKey } from '../../../../src/domain/seatKey.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { assertOnSale } from '../../catalogue/presentations.ts';
import { assertSoldHere } from '../../catalogue/scope.ts';
import { seatNames } from '../../catalogue/seatplans.ts';
import { alreadyEnrolled, isEnrolled, loadEnrolmentMembership } from '../../enrolment/membership.ts';
import { makeSubscriber } from '../../enrolment/members.ts';
import { holdLifetimeMs } from '../../seating/holdTimes.ts';
import { randomId } from '../ids.ts';
import {
  cancelClaimedSeats,
  claimExpiry,
  claimSeat,
  releaseClaimedSeats,
  sellClaimedSeats,
} from './claimedSeats.ts';
import { type LineKind, NO_TOTALS } from './types.ts';

type Hold = Selectable<Database['seat_holds']>;

interface EnrolmentSeatLine {
  pi: number;
  si: number;
  x: number;
  y: number;
  price: number;
  hold: Hold;
  holdCap: number;
  names: { section: string; row: string; seat: string };
}

interface EnrolmentLine {
  membership: EnrolmentMembership;
  customerId: string;
  ticketGroupId: number;
  ticketId: number;
  total: number;
  seats: EnrolmentSeatLine[];
}

/**
 * A fixed-seat season enrolment (spec sections 2 and 3), bought on its own by a logged-in customer: a
 * seat in every required presentation of the enrolment membership and in exactly `optionalChoices`
 * optional ones, each held by the visitor and of the tariff's price level, at the enrolment's price
 * (per ticket or per membership, src/domain/enrolmentPricing.ts). Holds are locked and claimed in
 * presentation order, so concurrent orders cannot deadlock. Paid: the seats are sold (the order's
 * tickets), the enrolment valid, and the subscriber a member with a fresh member number.
 */
export const seasonEnrolment: LineKind<EnrolmentLine> = {
  name: 'seasonEnrolment',

  async validate(trx, ctx, cart) {
    const e = cart.enrolment;
    if (!e) return null;
    if (
      cart.seats.length ||
      cart.products.length ||
      cart.vouchers.length ||
      cart.donations.length ||
      cart.memberships.length ||
      cart.videos.length
    )
      throw new AppError('enrolment_cart_exclusive', 'a season enrolment is bought on its own');
    if (ctx.accountId === null) throw new AppError('not_logged_in', 'log in to enrol in a season');
    if (ctx.isHold) throw new AppError('formValidation', 'a season enrolment cannot be held');
    const m = await loadEnrolmentMembership(trx, e.membershipId, null);
    if (await isEnrolled(trx, ctx.accountId, m.SeasonId)) throw alreadyEnrolled(m.SeasonId);

    const ids = e.presentations.map((p) => p.pi);
    const own = new Map(m.Presentations.map((p) => [p.PresentationId, p]));
    if (new Set(ids).size !== ids.length || ids.some((id) => !own.has(id)))
      throw new AppError('formValidation', 'each presentation once, and only the enrolment’s');
    const required = m.Presentations.filter((p) => p.IsRequired).map((p) => p.PresentationId);
    const optional = ids.filter((id) => !own.get(id)!.IsRequired);
    if (!required.every((id) => ids.includes(id)) || optional.length !== m.optionalChoices)
      throw new AppError('enrolment_choice_count', `choose exactly ${m.optionalChoices} optional concerts`, {
        count: m.optionalChoices,
      });
    if (tariffPrice(m, e.ticketGroupId, e.ticketId) === undefined)
      throw new AppError('ticket_not_in_group', `ticket ${e.ticketId} is not a tariff of the enrolment`);
    const quote = enrolmentPrice(m, e, ids)!;

    const sorted = [...e.presentations].sort((a, b) => a.pi - b.pi);
    // Before the presentations are read: a change of their seat plan version waits for this purchase.
    await ctx.saleLocks?.shareSales(trx, ids);
    const rows = await trx
      .selectFrom('presentations')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const names = await seatNames(trx, m.seatplanId);
    const seats: EnrolmentSeatLine[] = [];
    for (const s of sorted) {
      const p = rows.find((r) => r.id === s.pi)!;
      assertOnSale(p, ctx.now);
      assertSoldHere(ctx.settings, { id: p.id, businessId: p.business_id, isVod: false });
      const key = seatKey(s.si, s.x, s.y);
      const plan = await trx
        .selectFrom('plan_seats')
        .select('ticket_group_id')
        .where('seatplan_id', '=', p.seatplan_id)
        .where('section_id', '=', s.si)
        .where('x', '=', s.x)
        .where('y', '=', s.y)
        .executeTakeFirst();
      if (plan?.ticket_group_id !== e.ticketGroupId)
        throw new AppError('ticket_not_in_group', `seat ${key} is not of price level ${e.ticketGroupId}`, {
          seat: key,
        });
      // One presentation at a time, in id order: concurrent orders lock in the same order.
      const hold = await trx
        .selectFrom('seat_holds')
        .selectAll()
        .where('presentation_id', '=', s.pi)
        .where('section_id', '=', s.si)
        .where('x', '=', s.x)
        .where('y', '=', s.y)
        .forUpdate()
        .executeTakeFirst();
      const mine = hold && hold.visitor === ctx.visitor && hold.state === 'held' && hold.expires_at > ctx.now;
      if (mine && hold.claimed_by !== null)
        throw new AppError('payment_in_progress', 'these seats are being paid for in another attempt', {
          reservationIdentifier: hold.claimed_by,
        });
      if (!mine) throw new AppError('lock_seat_error', 'the seat is no longer available', { seat: key });
      const lifetime = holdLifetimeMs(JSON.parse(p.lock_timer_json) as LockTimer, ctx.paymentWindowMs);
      seats.push({
        pi: s.pi,
        si: s.si,
        x: s.x,
        y: s.y,
        price: quote.perPresentation.find((q) => q.presentationId === s.pi)!.price,
        hold,
        holdCap: hold.created_at + lifetime,
        names: names.get(key) ?? { section: String(s.si), row: '', seat: `${s.x},${s.y}` },
      });
      ctx.presentations.set(p.id, { id: p.id, startsAt: p.starts_at });
    }
    return {
      membership: m,
      customerId: ctx.accountId,
      ticketGroupId: e.ticketGroupId,
      ticketId: e.ticketId,
      total: quote.total,
      seats,
    };
  },

  price: (line) => ({ ...NO_TOTALS, enrolment: line.total }),

  async reserve(trx, ctx, order, line) {
    for (const s of line.seats) await claimSeat(trx, order, s, claimExpiry(ctx, order, s.hold, s.holdCap));
    await trx
      .insertInto('order_tickets')
      .values(
        line.seats.map((s, i) => ({
          ticket_identifier: randomId(12),
          reservation_identifier: order.reservationIdentifier,
          presentation_id: s.pi,
          section_id: s.si,
          x: s.x,
          y: s.y,
          section_name: s.names.section,
          row_name: s.names.row,
          seat_name: s.names.seat,
          ticket_group_id: line.ticketGroupId,
          ticket_id: line.ticketId,
          price: s.price,
          service_charge: 0,
          is_sub_ticket: 0,
          state: 'pending' as const,
          sort: i,
          kind: 'seat' as const,
          ticket_code: null,
          ref1: null,
          ref2: null,
        })),
      )
      .execute();
    // The subscriber's seat: the one most of the presentations have (the fixed seat).
    const count = new Map<string, number>();
    for (const s of line.seats)
      count.set(seatKey(s.si, s.x, s.y), (count.get(seatKey(s.si, s.x, s.y)) ?? 0) + 1);
    const fixed = [...line.seats].sort(
      (a, b) => count.get(seatKey(b.si, b.x, b.y))! - count.get(seatKey(a.si, a.x, a.y))!,
    )[0]!;
    await trx
      .insertInto('enrolments')
      .values({
        id: randomId(16),
        reservation_identifier: order.reservationIdentifier,
        membership_id: line.membership.MembershipId,
        season_id: line.membership.SeasonId,
        customer_id: line.customerId,
        section_id: fixed.si,
        x: fixed.x,
        y: fixed.y,
        ticket_group_id: line.ticketGroupId,
        ticket_id: line.ticketId,
        state: 'pending',
        created_at: ctx.now,
      })
      .execute();
  },

  rows: [{ table: 'enrolments' }],
  async fulfil(trx, now, order) {
    const enrolment = await trx
      .selectFrom('enrolments')
      .selectAll()
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (!enrolment) return;
    await sellClaimedSeats(trx, order, 'enrolment');
    await makeSubscriber(trx, now, {
      membership_id: enrolment.membership_id,
      customer_id: enrolment.customer_id,
      reservation_identifier: order.reservationIdentifier,
    });
    await trx.updateTable('enrolments').set({ state: 'valid' }).where('id', '=', enrolment.id).execute();
  },

  async release(trx, _now, order) {
    const n = await trx
      .updateTable('enrolments')
      .set({ state: 'cancelled' })
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(n.numUpdatedRows) === 0) return;
    await releaseClaimedSeats(trx, order);
  },

  async cancel(trx, _now, order) {
    const n = await trx
      .updateTable('enrolments')
      .set({ state: 'cancelled' })
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .where('state', 'in', ['pending', 'valid'])
      .executeTakeFirst();
    if (Number(n.numUpdatedRows) === 0) return;
    await cancelClaimedSeats(trx, order);
    await trx
      .updateTable('members')
      .set({ state: 'cancelled' })
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .execute();
  },
};
