import type { Kysely, Transaction } from 'kysely';
import { type LocalizedText, VOD_VENUE_TYPES } from '../../../src/api/contract/common.ts';
import type {
  CancelAnswer,
  CancellationQuote,
  CustomerReservation,
  ReservationsAnswer,
  VideoPurchase,
} from '../../../src/api/contract/customer.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { cancelOrderInTransaction } from '../checkout/cancelOrder.ts';
import { sendRefunds } from '../checkout/payments/refunds.ts';
import { loadOrderDocument } from '../orders/documents.ts';
import type { PaymentProvider } from '../payments/provider.ts';

export interface AreaContext {
  db: Kysely<Database>;
  dialect: Dialect;
  settings: Settings;
  payments: PaymentProvider;
  now: number;
}

type Db = Kysely<Database> | Transaction<Database>;
const vodTypes = [...VOD_VENUE_TYPES];

/** The account's verified mobile number: orders placed with it belong to the account too. */
async function mobileKeyOf(db: Db, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('customers')
    .select('mobile_key')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.mobile_key ?? null;
}

/**
 * The customer's orders (paid, or held to be paid at the box office), newest first: placed while logged
 * in, or with their number.
 */
async function ownOrders(db: Db, customerId: string) {
  const mobile = await mobileKeyOf(db, customerId);
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.reservation_identifier', 'o.booking_fee'])
    .where('o.state', 'in', ['paid', 'held'])
    .where((eb) =>
      eb.or([
        eb('o.account_id', '=', customerId),
        eb('o.customer_id', '=', customerId),
        ...(mobile ? [eb('c.mobile_key', '=', mobile)] : []),
      ]),
    )
    .orderBy('o.created_at', 'desc')
    .execute();
}

/** The order if it is the customer's: order_not_found when unknown, not_your_item when someone else's. */
/** `forUpdate`: inside a cancelling transaction on PostgreSQL, lock the order row until it ends. */
async function ownOrder(db: Db, forUpdate: boolean, customerId: string, reservationIdentifier: string) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.reservation_identifier',
      'o.state',
      'o.account_id',
      'o.customer_id',
      'o.tickets_total',
      'o.addons_total',
      'o.service_charge_total',
      'o.products_total',
      'o.booking_fee',
      'o.total',
      'o.hold_deadline',
      'c.mobile_key',
    ])
    .where('o.reservation_identifier', '=', reservationIdentifier);
  if (forUpdate) q = q.forUpdate('o');
  const order = await q.executeTakeFirst();
  if (!order) throw new AppError('order_not_found', 'no such reservation');
  const mobile = await mobileKeyOf(db, customerId);
  const mine =
    order.account_id === customerId ||
    order.customer_id === customerId ||
    (mobile !== null && order.mobile_key === mobile);
  if (!mine) throw new AppError('not_your_item', 'this reservation belongs to another customer');
  return order;
}

interface OrderFacts {
  firstStart: number;
  lastStart: number;
  isVideo: boolean;
  validTickets: number;
}

async function orderFacts(db: Db, reservationIdentifier: string): Promise<OrderFacts> {
  const rows = await db
    .selectFrom('order_tickets as t')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .select(['p.starts_at', 'p.venue_type_id', 't.state', 't.is_sub_ticket'])
    .where('t.reservation_identifier', '=', reservationIdentifier)
    .execute();
  const starts = rows.map((r) => Number(r.starts_at));
  return {
    firstStart: starts.length ? Math.min(...starts) : 0,
    lastStart: starts.length ? Math.max(...starts) : 0,
    isVideo: rows.some((r) => vodTypes.includes(r.venue_type_id)),
    validTickets: rows.filter((r) => r.state === 'valid' && r.is_sub_ticket === 0).length,
  };
}

/** The order's online payment (card, wallet, Blik, payment page, or voucher), first the provider's. */
async function paymentOf(db: Db, reservationIdentifier: string) {
  return db
    .selectFrom('order_payments')
    .select(['method', 'brand', 'last4', 'number_of_payments', 'amount'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('status', 'in', ['approved', 'refunded'])
    .orderBy('method', 'asc')
    .executeTakeFirst();
}

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

/** GET /customer-area/reservations: upcoming and past reservations (videos are listed apart). */
export async function listReservations(ctx: AreaContext, customerId: string): Promise<ReservationsAnswer> {
  const upcoming: CustomerReservation[] = [];
  const past: CustomerReservation[] = [];
  for (const { reservation_identifier: id, booking_fee: bookingFee } of await ownOrders(ctx.db, customerId)) {
    const facts = await orderFacts(ctx.db, id);
    if (facts.isVideo || facts.validTickets === 0) continue;
    const doc = await loadOrderDocument(ctx.db, { reservationIdentifier: id }, ctx.now);
    if (!doc) continue;
    const payment = await paymentOf(ctx.db, id);
    const isPast = facts.lastStart <= ctx.now;
    const reservation: CustomerReservation = {
      ...doc,
      totals: { ...doc.totals },
      bookingFee,
      isPast,
      isVideo: false,
      canCancel: doc.isHold ? !doc.holdExpired && facts.firstStart > ctx.now : facts.firstStart > ctx.now,
      payment: payment
        ? { brand: payment.brand, last4: payment.last4, numberOfPayments: payment.number_of_payments }
        : null,
    };
    (isPast ? past : upcoming).push(reservation);
  }
  const byDate = (r: CustomerReservation) => r.presentations[0]?.dateTime ?? r.createdAt;
  upcoming.sort((a, b) => byDate(a).localeCompare(byDate(b)));
  past.sort((a, b) => byDate(b).localeCompare(byDate(a)));
  return { upcoming, past };
}

export function quoteOf(
  settings: Settings,
  order: {
    reservation_identifier: string;
    tickets_total: number;
    /** Absent: an order without add-ons. */
    addons_total?: number;
    service_charge_total: number;
    products_total: number;
    booking_fee: number;
    total: number;
  },
  tickets: number,
  refundTo: CancellationQuote['refundTo'],
): CancellationQuote {
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
  // percentage of the ticket prices the fee takes. The service charge is kept (spec section 9).
  const ticketValue = order.tickets_total + (order.addons_total ?? 0);
  const refundable = ticketValue + order.products_total;
  const computed =
    (fee.perTicket ? fee.fixed * tickets : fee.fixed) + Math.round((ticketValue * fee.percent) / 100);
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
  return quoteOf(ctx.settings, order, facts.validTickets, await refundTarget(ctx.db, order));
}

/**
 * POST /reservations/{id}/cancel: in one transaction marks the order cancelled, lets every line go (seats
 * released, tickets cancelled) and writes the refund less the fee (the service charge is kept): vouchers
 * are credited at once, the online payment is refunded right after the transaction (the reconciler
 * retries it if the provider does not answer). A hold order is simply released. A reservation not paid
 * online cannot be refunded here: BALANCE_IS_DUE, with the box office's contact.
 */
export async function cancelReservation(
  ctx: AreaContext,
  customerId: string,
  reservationIdentifier: string,
): Promise<CancelAnswer> {
  const { quote, refunds } = await ctx.db.transaction().execute(async (trx) => {
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
    const refunds = await cancelOrderInTransaction(trx, reservationIdentifier, quote.refund, ctx.now, {
      cancel_fee: quote.fee,
      refund_amount: quote.refund,
    });
    return { quote, refunds };
  });
  await sendRefunds(ctx.db, ctx.payments, refunds, () => ctx.now);
  return { reservationIdentifier, state: 'cancelled' as const, fee: quote.fee, refund: quote.refund };
}

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

/** GET /customer/locations: the venue's branches. */
export async function listLocations(db: Kysely<Database>) {
  const rows = await db.selectFrom('venues').select(['id', 'name_json']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: JSON.parse(r.name_json) as LocalizedText }));
}
