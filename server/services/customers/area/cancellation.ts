import type { Kysely, Transaction } from 'kysely';
import type { CancelAnswer, CancellationQuote } from '../../../../src/api/contract/customer.ts';
import type { Settings } from '../../../../src/api/contract/session.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { cancelAndRefund } from '../../checkout/cancelOrder.ts';
import { sendRefunds } from '../../checkout/payments/refunds.ts';
import { planRefund, refundParts } from '../../checkout/payments/refundSplit.ts';
import type { AreaContext } from './context.ts';
import { queueOrderMessages } from '../../messages/queue.ts';
import { type OrderFacts, orderFacts, ownOrder, paymentOf } from './orders.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What may still be cancelled: a paid order before its first show, or a hold whose deadline has not passed. */
function cancellable(
  order: { state: string; hold_deadline: number | null },
  facts: OrderFacts,
  now: number,
): boolean {
  if (facts.validTickets === 0 || facts.isVideo || facts.firstStart <= now) return false;
  if (order.state === 'held') return (order.hold_deadline ?? 0) > now;
  return order.state === 'paid';
}

/** A quote before the refund is shared out over the order's payments. */
type FeeQuote = Omit<CancellationQuote, 'refunds' | 'refundAtBoxOffice'>;

/**
 * What cancelling `tickets` valid tickets of an order costs under the venue's fee, and what is refunded
 * to `refundTo` (nothing for a hold, which was never paid).
 */
export function quoteOf(
  settings: Settings,
  order: {
    reservation_identifier: string;
    tickets_total: number;
    /** Absent: an order without add-ons. */
    addons_total?: number;
    service_charge_total: number;
    products_total: number;
    /** Absent or null: an order without vouchers or donations (orders before issue 15 keep null). */
    vouchers_total?: number | null;
    donations_total?: number | null;
    /** Memberships and a season enrolment (issue 16); absent or null: none. */
    memberships_total?: number | null;
    enrolment_total?: number | null;
    /** An order paid in another currency than the venue's (a membership price in euros); null: the venue's. */
    currency_code?: string | null;
    booking_fee: number;
    total: number;
  },
  tickets: number,
  refundTo: CancellationQuote['refundTo'],
): FeeQuote {
  const fee = settings.customerArea.cancellationFee;
  if (refundTo === 'none')
    return {
      reservationIdentifier: order.reservation_identifier,
      feeName: fee.name,
      fee: 0,
      feeFixed: fee.fixed,
      feePercent: fee.percent,
      perTicket: fee.perTicket,
      tickets,
      serviceChargeKept: 0,
      bookingFeeKept: 0,
      paid: 0,
      refund: 0,
      refundTo,
    };
  // A seat's add-ons (3D glasses) are part of what its ticket cost: refunded with it, and in the
  // percentage of the ticket prices the fee takes; so is a season enrolment (its seats are its tickets).
  // The service charge is kept (spec section 9). Products, vouchers, donations and memberships bought
  // with the order are refunded with it, outside the fee's percentage.
  const ticketValue = order.tickets_total + (order.addons_total ?? 0) + (order.enrolment_total ?? 0);
  const refundable =
    ticketValue +
    order.products_total +
    (order.vouchers_total ?? 0) +
    (order.donations_total ?? 0) +
    (order.memberships_total ?? 0);
  // The fee's fixed part is an amount of the venue's currency: an order in another currency pays only
  // its percentage.
  const fixed = order.currency_code ? 0 : fee.perTicket ? fee.fixed * tickets : fee.fixed;
  const computed = fixed + Math.round((ticketValue * fee.percent) / 100);
  const charged = Math.min(refundable, computed);
  return {
    reservationIdentifier: order.reservation_identifier,
    feeName: fee.name,
    fee: charged,
    feeFixed: fee.fixed,
    feePercent: fee.percent,
    perTicket: fee.perTicket,
    tickets,
    serviceChargeKept: order.service_charge_total,
    bookingFeeKept: order.booking_fee,
    paid: order.total,
    refund: refundable - charged,
    refundTo,
  };
}

/** Where a refund goes: nothing was paid (a hold), the original online payment, or the box office. */
async function refundTarget(db: Db, order: { state: string; reservation_identifier: string }) {
  if (order.state === 'held') return 'none' as const;
  return (await paymentOf(db, order.reservation_identifier)) ? ('card' as const) : ('box_office' as const);
}

/** GET /customer-area/reservations/{id}/cancellation: what cancelling costs, before the customer confirms. */
export async function cancellationQuote(
  ctx: AreaContext,
  customerId: string,
  reservationIdentifier: string,
): Promise<CancellationQuote> {
  const order = await ownOrder(ctx.db, false, customerId, reservationIdentifier);
  const facts = await orderFacts(ctx.db, reservationIdentifier);
  if (!cancellable(order, facts, ctx.now))
    throw new AppError('NOTHING_TO_CANCEL', 'this reservation has nothing left to cancel');
  const quote = quoteOf(ctx.settings, order, facts.validTickets, await refundTarget(ctx.db, order));
  // Shared out as the cancellation will share it (the same rule, over the same payments).
  const split = await planRefund(ctx.db, reservationIdentifier, quote.refund);
  return { ...quote, refunds: refundParts(split), refundAtBoxOffice: split.left };
}

/**
 * POST /reservations/{id}/cancel: in one transaction marks the order cancelled, lets every line go (seats
 * released, tickets cancelled) and writes the refund less the fee (the service charge is kept): gift cards
 * are credited at once, the online payment is refunded right after the transaction (the reconciler
 * retries it if the provider does not answer); the answer says which payment got back how much. A hold order is simply released. A reservation not paid
 * online cannot be refunded here: BALANCE_IS_DUE, with the box office's contact.
 */
export async function cancelReservation(
  ctx: AreaContext,
  customerId: string,
  reservationIdentifier: string,
): Promise<CancelAnswer> {
  const { quote, refunds, split } = await ctx.db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, true, customerId, reservationIdentifier);
    const facts = await orderFacts(trx, reservationIdentifier);
    if (!cancellable(order, facts, ctx.now))
      throw new AppError('NOTHING_TO_CANCEL', 'this reservation has nothing left to cancel');
    const target = await refundTarget(trx, order);
    if (target === 'box_office') {
      const contact = ctx.settings.customerArea.boxOfficeContact;
      throw new AppError('BALANCE_IS_DUE', 'the refund cannot go back to the original payment online', {
        contact: contact.en ?? contact.he ?? '',
      });
    }
    const quote = quoteOf(ctx.settings, order, facts.validTickets, target);
    const { refunds, left, parts } = await cancelAndRefund(
      trx,
      reservationIdentifier,
      quote.refund,
      ctx.now,
      {
        cancel_fee: quote.fee,
        refund_amount: quote.refund,
      },
    );
    await queueOrderMessages(trx, reservationIdentifier, 'cancellation', ctx.now);
    return { quote, refunds, split: { parts, left } };
  });
  await sendRefunds(ctx.db, ctx.payments, refunds, () => ctx.now);
  return {
    reservationIdentifier,
    state: 'cancelled' as const,
    fee: quote.fee,
    refund: quote.refund,
    refunds: split.parts,
    refundAtBoxOffice: split.left,
  };
}
