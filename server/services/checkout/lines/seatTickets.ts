import type { Selectable } from 'kysely';
import { randomId } from '../ids.ts';
import type { LockTimer } from '../../../../src/api/contract/presentations.ts';
import { VOD_VENUE_TYPES } from '../../../../src/api/contract/common.ts';
import { seatKey } from '../../../../src/domain/seatKey.ts';
import {
  type SeatTicket,
  checkTickets,
  priceOrder,
  ruleGroupsOf,
  withoutServiceCharge,
} from '../../../../src/domain/order/tickets.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { assertOnSale } from '../../catalogue/presentations.ts';
import { loadTicketGroups } from '../../catalogue/ticketGroups.ts';
import { assertOnline, assertSoldHere } from '../../catalogue/scope.ts';
import { seatNames } from '../../catalogue/seatplans.ts';
import { holdLifetimeMs } from '../../seating/holdTimes.ts';
import { type SeatCode, checkSeatCodes, voucherUses } from './seatCodes.ts';
import { claimSeniorSeats } from '../../seniors/checkout.ts';
import { enforceSeatRules, hasPremiumSeat } from './seatRules.ts';
import * as members from './memberTickets.ts';
import { lockVouchers } from '../payments/vouchers.ts';
import {
  cancelClaimedSeats,
  claimExpiry,
  claimSeats,
  releaseClaimedSeats,
  sellClaimedSeats,
} from './claimedSeats.ts';
import { serialiseWhereNeeded } from './serialise.ts';
import { type LineKind, type LineTotals, type Trx } from './types.ts';
import {
  type VoucherUse,
  assertUsesLeft,
  claimUses,
  redeemUses,
  releaseUses,
  restoreUses,
  VOUCHER_CLAIMS,
} from './voucherTickets.ts';

type Hold = Selectable<Database['seat_holds']>;

interface PricedSeat extends SeatCode {
  pi: number;
  si: number;
  x: number;
  y: number;
  tg: number;
  ticketId: number;
  price: number;
  serviceCharge: number;
  isSubTicket: boolean;
  /** The seat's add-ons at the box office's prices for its ticket. */
  addons: { id: number; price: number }[];
  names: { section: string; row: string; seat: string };
  hold: Hold;
  /** The longest this seat may stay held while it is being paid for. */
  holdCap: number;
  /** A member ticket: the member it is bought as (memberTickets.ts), and the points it costs. */
  memberNumber: string | null;
  pointsUsed: number;
}

export interface SeatLines {
  seats: PricedSeat[];
  totals: LineTotals;
  /** The uses the seats take from ticket vouchers (claimed when the order is placed). */
  vouchers: VoucherUse[];
  /** What the member tickets take from each member's balance and points. */
  members: members.MemberUse[];
}

const where = (seats: readonly { si: number; x: number; y: number }[]) =>
  seats.map((s) => seatKey(s.si, s.x, s.y));

/**
 * Seat tickets: the seats the visitor holds, each with a ticket type and the add-ons chosen for it.
 * Re-checked on every purchase: the visitor still holds each seat, the presentation is on sale, the
 * seat rules (sofas, companions, lone seats, the per-cart maximum), the ticket rules and quotas, that
 * every add-on is one of the seat's ticket's (once); prices, add-ons' included, come from the box office.
 * A hidden ticket comes with the code that unlocked it and its references (seatCodes.ts); the seats a
 * ticket voucher pays are claimed from it with the order (voucherTickets.ts). A member ticket is bought
 * as one of the account's members instead, within its balance and points (memberTickets.ts).
 */
export const seatTickets: LineKind<SeatLines> = {
  name: 'seatTicket',

  async validate(trx, ctx, cart) {
    if (cart.seats.length === 0) return null;
    const { now, visitor } = ctx;
    if (cart.seats.length > ctx.maxSeatsPerTransaction)
      throw new AppError('max_seats_error', `cannot select more than ${ctx.maxSeatsPerTransaction} seats`, {
        maxSeats: ctx.maxSeatsPerTransaction,
      });
    const keys = new Set<string>();
    for (const s of cart.seats) {
      const k = `${s.pi}:${seatKey(s.si, s.x, s.y)}`;
      if (keys.has(k)) throw new AppError('formValidation', `seat ${k} appears twice in the cart`);
      keys.add(k);
    }

    // Presentations: on sale, seat-bearing, one auth profile and one business (spec section 5).
    const ids = [...new Set(cart.seats.map((s) => s.pi))].sort((a, b) => a - b);
    // Before the presentations are read: a change of their seat plan version waits for this purchase.
    await ctx.saleLocks?.shareSales(trx, ids);
    // With their venues' online sales, re-read inside the transaction (the venue may sell at its box
    // office only: location offline).
    const presentations = await trx
      .selectFrom('presentations as p')
      .innerJoin('venues as v', 'v.id', 'p.venue_id')
      .selectAll('p')
      .select('v.online_sales_enabled')
      .where('p.id', 'in', ids)
      .orderBy('p.id')
      .execute();
    for (const id of ids)
      if (!presentations.some((p) => p.id === id))
        throw new AppError('event_not_found', `presentation ${id} does not exist`);
    // The cart's tickets, read once for the quotas, the member tickets and the codes.
    const ticketRows = new Map(
      (
        await trx
          .selectFrom('tickets')
          .selectAll()
          .where('id', 'in', [...new Set(cart.seats.map((s) => s.ticketId))])
          .execute()
      ).map((t) => [t.id, t]),
    );
    await serialiseWhereNeeded(trx, presentations, cart.seats, ticketRows);
    if (new Set(presentations.map((p) => p.auth_profile_id)).size > 1)
      throw new AppError('incompatible_auth_profile', 'Incompatible AuthProfile');
    if (new Set(presentations.map((p) => p.business_id)).size > 1)
      throw new AppError('incompatible_business', 'Incompatible Business');
    for (const p of presentations) {
      assertOnSale(p, now);
      assertSoldHere(ctx.settings, { id: p.id, businessId: p.business_id, isVod: false });
      if (VOD_VENUE_TYPES.has(p.venue_type_id))
        throw new AppError('formValidation', 'video on demand is bought as a video line, not as seats');
    }
    for (const p of presentations) assertOnline(p);

    // Every seat held by this visitor now, and not already being paid for.
    const holds = await trx
      .selectFrom('seat_holds')
      .selectAll()
      .where('presentation_id', 'in', ids)
      .where('visitor', '=', visitor)
      .forUpdate()
      .execute();
    const holdOf = new Map(holds.map((h) => [`${h.presentation_id}:${seatKey(h.section_id, h.x, h.y)}`, h]));
    for (const s of cart.seats) {
      const h = holdOf.get(`${s.pi}:${seatKey(s.si, s.x, s.y)}`);
      if (h?.state === 'sold') await lastCommit(trx, visitor, s);
      if (h && h.state === 'held' && h.claimed_by !== null && h.expires_at > now)
        throw new AppError('payment_in_progress', 'these seats are being paid for in another attempt', {
          reservationIdentifier: h.claimed_by,
        });
      if (!h || h.state !== 'held' || h.expires_at <= now)
        throw new AppError('lock_seat_error', 'the seat is no longer available', {
          seat: seatKey(s.si, s.x, s.y),
        });
    }
    // Ticket vouchers among the seats' codes are locked before their uses left are counted.
    await lockVouchers(
      trx,
      cart.seats.flatMap((s) => (s.ticketCode ? [s.ticketCode] : [])),
    );

    const seats: PricedSeat[] = [];
    const memberRows = members.ticketRows(ticketRows);
    const totals: LineTotals = { tickets: 0, addons: 0, serviceCharge: 0, products: 0 };
    for (const p of presentations) {
      const mine = cart.seats.filter((s) => s.pi === p.id);
      const ruled = p.is_reserved === 1 ? await enforceSeatRules(trx, p, where(mine), visitor, now) : null;
      if (ctx.isHold && (await hasPremiumSeat(trx, p.seatplan_id, where(mine))))
        throw new AppError(
          'premiumWithHoldErrorMessage',
          'premium seats cannot be held; make a normal order',
        );

      // The seats' price levels: as the seat rules read them, or (general admission) from the plan.
      const groupOf =
        ruled ??
        new Map(
          (
            await trx
              .selectFrom('plan_seats')
              .select(['section_id', 'x', 'y', 'ticket_group_id'])
              .where('seatplan_id', '=', p.seatplan_id)
              .where((eb) =>
                eb.or(
                  mine.map((s) =>
                    eb.and([eb('section_id', '=', s.si), eb('x', '=', s.x), eb('y', '=', s.y)]),
                  ),
                ),
              )
              .execute()
          ).map((r) => [seatKey(r.section_id, r.x, r.y), r.ticket_group_id]),
        );
      // Hidden tickets too: a seat may carry one its code unlocked (checkSeatCodes below).
      const groups = ruleGroupsOf(await loadTicketGroups(trx, p.id, now, 'all'));
      const seatTickets: SeatTicket[] = mine.map((s) => {
        const key = seatKey(s.si, s.x, s.y);
        const tg = groupOf.get(key);
        if (tg === undefined || tg !== s.tg)
          throw new AppError('ticket_not_in_group', `seat ${key} is not of price level ${s.tg}`, {
            seat: key,
          });
        return { key, ticketGroupId: tg, ticketId: s.ticketId, addons: s.addons ?? [] };
      });
      const problem = checkTickets(groups, seatTickets)[0];
      if (problem) {
        const { code, ...params } = problem;
        throw new AppError(code, `ticket rule ${code}`, params as Record<string, string | number>);
      }
      const codes = await members.codesBeside(mine, memberRows, (o) =>
        checkSeatCodes(trx, ctx, p, o, ticketRows),
      );
      let priced = priceOrder(groups, seatTickets, p.service_charge, []);
      if (ctx.isHold) priced = withoutServiceCharge(priced);
      totals.tickets += priced.tickets;
      totals.addons += priced.addons;
      totals.serviceCharge += priced.serviceCharge;
      const names = await seatNames(trx, p.seatplan_id);
      const lifetime = holdLifetimeMs(JSON.parse(p.lock_timer_json) as LockTimer, ctx.paymentWindowMs);
      priced.seats.forEach((ps, i) => {
        const s = mine[i]!;
        const hold = holdOf.get(`${p.id}:${ps.key}`)!;
        const name = names.get(seatKey(s.si, s.x, s.y));
        seats.push({
          ...codes[i]!,
          pi: p.id,
          si: s.si,
          x: s.x,
          y: s.y,
          tg: s.tg,
          ticketId: ps.ticketId,
          price: ps.price,
          serviceCharge: ps.serviceCharge,
          isSubTicket: ps.isSubTicket,
          addons: ps.addons,
          names: name ?? { section: String(s.si), row: '', seat: `${s.x},${s.y}` },
          hold,
          holdCap: hold.created_at + lifetime,
          memberNumber: memberRows.has(ps.ticketId) ? (s.memberNumber ?? null) : null,
          pointsUsed: 0,
        });
      });
      ctx.presentations.set(p.id, {
        id: p.id,
        startsAt: p.starts_at,
        waiverId: p.waiver_id,
        businessDate: p.business_date,
      });
    }
    const vouchers = voucherUses(seats);
    await assertUsesLeft(trx, vouchers);
    return { seats, totals, vouchers, members: await members.assign(trx, ctx, seats, memberRows) };
  },

  price: (lines) => lines.totals,

  async reserve(trx, ctx, order, lines) {
    // The order claims its seats; they stay held while the payment is under way (at most the payment
    // window, and never past the hold's own lifetime), or until the deadline of a hold order.
    await claimSeats(
      trx,
      order,
      lines.seats.map((s) => ({ ...s, expiresAt: claimExpiry(ctx, order, s.hold, s.holdCap) })),
    );
    const identifiers = lines.seats.map(() => randomId(12));
    await trx
      .insertInto('order_tickets')
      .values(
        lines.seats.map((s, i) => ({
          ticket_identifier: identifiers[i]!,
          reservation_identifier: order.reservationIdentifier,
          presentation_id: s.pi,
          section_id: s.si,
          x: s.x,
          y: s.y,
          section_name: s.names.section,
          row_name: s.names.row,
          seat_name: s.names.seat,
          ticket_group_id: s.tg,
          ticket_id: s.ticketId,
          price: s.price,
          service_charge: s.serviceCharge,
          is_sub_ticket: s.isSubTicket ? 1 : 0,
          state: order.isHold ? ('valid' as const) : ('pending' as const),
          sort: i,
          kind: 'seat' as const,
          ticket_code: s.ticketCode,
          ref1: s.ref1,
          ref2: s.ref2,
          member_number: s.memberNumber,
          points_used: s.pointsUsed,
        })),
      )
      .execute();
    await claimUses(trx, ctx.now, order, lines.vouchers);
    await claimSeniorSeats(trx, ctx, order, lines.seats);
    await members.take(trx, lines.members);
    // What each seat was bought with, at the price paid: a later price change leaves the order as it was.
    const addons = lines.seats.flatMap((s, i) =>
      s.addons.map((a, k) => ({
        ticket_identifier: identifiers[i]!,
        reservation_identifier: order.reservationIdentifier,
        addon_id: a.id,
        price: a.price,
        sort: k,
      })),
    );
    if (addons.length) await trx.insertInto('order_ticket_addons').values(addons).execute();
  },

  rows: [{ table: 'order_tickets', where: { kind: 'seat' } }],
  probes: [VOUCHER_CLAIMS],
  async fulfil(trx, now, order) {
    const sold = await sellClaimedSeats(trx, order, 'order');
    if (sold.length === 0) return;
    // Locks as the checkout takes them: seats first, then vouchers.
    await redeemUses(trx, now, order);
    // Other seats the visitor still held for these presentations are let go: the cart is complete.
    await trx
      .deleteFrom('seat_holds')
      .where('presentation_id', 'in', sold)
      .where('visitor', '=', order.visitor)
      .where('state', '=', 'held')
      .where('claimed_by', 'is', null)
      .execute();
  },

  async release(trx, now, order) {
    await releaseUses(trx, now, order);
    // Member balances are given back for the tickets still pending or valid, before they are void.
    await members.giveBack(trx, order);
    await releaseClaimedSeats(trx, order);
  },

  async cancel(trx, now, order) {
    await members.giveBack(trx, order);
    await cancelClaimedSeats(trx, order);
    await restoreUses(trx, now, order);
  },
};

/** A seat this visitor already bought: the order was completed before (a second commit is refused). */
async function lastCommit(trx: Trx, visitor: string, s: { pi: number; si: number; x: number; y: number }) {
  const sold = await trx
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .select('o.reservation_identifier')
    .where('t.presentation_id', '=', s.pi)
    .where('t.section_id', '=', s.si)
    .where('t.x', '=', s.x)
    .where('t.y', '=', s.y)
    .where('t.state', '=', 'valid')
    .where('o.visitor', '=', visitor)
    .executeTakeFirst();
  if (sold)
    throw new AppError('last_commit_error', 'this order was already completed', {
      reservationIdentifier: sold.reservation_identifier,
    });
}
