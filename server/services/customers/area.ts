import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { type LocalizedText, VOD_VENUE_TYPES } from '../../../src/api/contract/common.ts';
import type {
  CancelAnswer,
  CancellationQuote,
  CustomerReservation,
  ReservationsAnswer,
  SystemVoucher,
  VideoPurchase,
  VoucherStatus,
} from '../../../src/api/contract/customer.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { Dialect } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { loadOrderDocument } from '../orders/documents.ts';
import { type PaymentProvider, PaymentUnavailableError } from '../payments/provider.ts';

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

/** The customer's paid orders (identifier and booking fee), newest first: placed while logged in, or with their number. */
async function ownOrders(db: Db, customerId: string) {
  const mobile = await mobileKeyOf(db, customerId);
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.reservation_identifier', 'o.booking_fee'])
    .where('o.state', '=', 'paid')
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
      'o.service_charge_total',
      'o.products_total',
      'o.booking_fee',
      'o.total',
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

async function paymentOf(db: Db, reservationIdentifier: string) {
  return db
    .selectFrom('payments')
    .select(['transaction_id', 'brand', 'last4', 'number_of_payments', 'amount'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

/** GET /customer-area/reservations: upcoming and past reservations (videos are listed apart). */
export async function listReservations(ctx: AreaContext, customerId: string): Promise<ReservationsAnswer> {
  const upcoming: CustomerReservation[] = [];
  const past: CustomerReservation[] = [];
  for (const { reservation_identifier: id, booking_fee: bookingFee } of await ownOrders(ctx.db, customerId)) {
    const facts = await orderFacts(ctx.db, id);
    if (facts.isVideo || facts.validTickets === 0) continue;
    const doc = await loadOrderDocument(ctx.db, { reservationIdentifier: id });
    if (!doc) continue;
    const payment = await paymentOf(ctx.db, id);
    const isPast = facts.lastStart <= ctx.now;
    const reservation: CustomerReservation = {
      ...doc,
      totals: { ...doc.totals },
      bookingFee,
      isPast,
      isVideo: false,
      canCancel: facts.firstStart > ctx.now,
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
    service_charge_total: number;
    products_total: number;
    booking_fee: number;
    total: number;
  },
  tickets: number,
  paidByCard: boolean,
): CancellationQuote {
  const fee = settings.customerArea.cancellationFee;
  const refundable = order.tickets_total + order.products_total;
  const computed =
    (fee.perTicket ? fee.fixed * tickets : fee.fixed) + Math.round((order.tickets_total * fee.percent) / 100);
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
    refundTo: paidByCard ? 'card' : 'box_office',
  };
}

/** GET /customer-area/reservations/{id}/cancellation: what cancelling costs, before the customer confirms. */
export async function cancellationQuote(
  ctx: AreaContext,
  customerId: string,
  reservationIdentifier: string,
): Promise<CancellationQuote> {
  const order = await ownOrder(ctx.db, false, customerId, reservationIdentifier);
  const facts = await orderFacts(ctx.db, reservationIdentifier);
  if (order.state !== 'paid' || facts.validTickets === 0 || facts.isVideo || facts.firstStart <= ctx.now)
    throw new AppError('NOTHING_TO_CANCEL', 'this reservation has nothing left to cancel');
  const payment = await paymentOf(ctx.db, reservationIdentifier);
  return quoteOf(ctx.settings, order, facts.validTickets, payment !== undefined);
}

/**
 * POST /reservations/{id}/cancel: in one transaction, marks the order and its tickets cancelled,
 * releases the seats and refunds the card less the fee (the service charge is kept). A reservation
 * not paid by card online cannot be refunded here: BALANCE_IS_DUE, with the box office's contact.
 */
export async function cancelReservation(
  ctx: AreaContext,
  customerId: string,
  reservationIdentifier: string,
): Promise<CancelAnswer> {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, ctx.dialect === 'postgres', customerId, reservationIdentifier);
    const facts = await orderFacts(trx, reservationIdentifier);
    if (order.state !== 'paid' || facts.validTickets === 0 || facts.isVideo || facts.firstStart <= ctx.now)
      throw new AppError('NOTHING_TO_CANCEL', 'this reservation has nothing left to cancel');
    const payment = await paymentOf(trx, reservationIdentifier);
    if (!payment) {
      const contact = ctx.settings.customerArea.boxOfficeContact;
      throw new AppError('BALANCE_IS_DUE', 'the refund cannot go back to the original payment online', {
        contact: contact.en ?? contact.he ?? '',
      });
    }
    const quote = quoteOf(ctx.settings, order, facts.validTickets, true);
    const seats = await trx
      .selectFrom('order_tickets')
      .select(['presentation_id', 'section_id', 'x', 'y'])
      .where('reservation_identifier', '=', reservationIdentifier)
      .where('state', '=', 'valid')
      .execute();
    for (const s of seats) {
      await trx
        .deleteFrom('seat_holds')
        .where('presentation_id', '=', s.presentation_id)
        .where('section_id', '=', s.section_id)
        .where('x', '=', s.x)
        .where('y', '=', s.y)
        .where('state', '=', 'sold')
        .execute();
    }
    await trx
      .updateTable('order_tickets')
      .set({ state: 'cancelled' })
      .where('reservation_identifier', '=', reservationIdentifier)
      .execute();
    await trx
      .updateTable('orders')
      .set({ state: 'cancelled', cancelled_at: ctx.now, cancel_fee: quote.fee, refund_amount: quote.refund })
      .where('reservation_identifier', '=', reservationIdentifier)
      .execute();
    if (quote.refund > 0) {
      await trx
        .insertInto('refunds')
        .values({
          id: `rf_${randomBytes(10).toString('hex')}`,
          transaction_id: payment.transaction_id,
          reservation_identifier: reservationIdentifier,
          voucher_reference: null,
          amount: quote.refund,
          created_at: ctx.now,
        })
        .execute();
      await refundOrThrow(
        ctx.payments,
        payment.transaction_id,
        quote.refund,
        `cancel:${reservationIdentifier}`,
      );
    }
    return { reservationIdentifier, state: 'cancelled' as const, fee: quote.fee, refund: quote.refund };
  });
}

/** The acquirer's refund, last in the transaction: if it fails nothing is written. */
async function refundOrThrow(
  payments: PaymentProvider,
  transactionId: string,
  amount: number,
  reference: string,
) {
  try {
    await payments.refund(transactionId, { amount, reference });
  } catch (err) {
    if (err instanceof PaymentUnavailableError)
      throw new AppError('errorNoResponse', 'the card acquirer did not answer; nothing was cancelled');
    throw err;
  }
}

type VoucherRow = Awaited<ReturnType<typeof voucherRows>>[number];

function voucherRows(
  db: Db,
  where: { customerId: string } | { reference: string },
  dialect: Dialect = 'sqlite',
) {
  let q = db
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .select([
      'v.reference',
      'v.customer_id',
      'v.reservation_identifier',
      'v.quantity',
      'v.price',
      'v.redeemed',
      'v.balance',
      'v.created_at',
      'v.start_date',
      'v.end_date',
      'v.state',
      'v.is_for_replacement',
      'v.sold_in_outlet',
      'v.transaction_id',
      'v.cancelled_by',
      'k.name_json',
      'k.benefit_json',
      'k.is_stored_value',
    ]);
  q =
    'customerId' in where
      ? q.where('v.customer_id', '=', where.customerId).orderBy('v.created_at', 'desc').orderBy('v.reference')
      : q.where('v.reference', '=', where.reference);
  if (dialect === 'postgres' && 'reference' in where) q = q.forUpdate('v');
  return q.execute();
}

/** Voucher status (spec section 4), the box office's state first, then dates and balance. */
export function voucherStatus(
  v: { state: string; is_for_replacement: number; end_date: number; balance: number; redeemed: number },
  now: number,
): VoucherStatus {
  if (v.state === 'cancelled') return 'cancelled';
  if (v.state === 'scanned') return 'scanned';
  if (v.is_for_replacement === 1) return 'for_replacement';
  if (Number(v.end_date) <= now) return 'expired';
  if (v.balance === 0) return 'no_balance';
  if (v.redeemed > 0) return 'partially_redeemed';
  return 'active';
}

function toVoucher(v: VoucherRow, now: number): SystemVoucher {
  const status = voucherStatus(v, now);
  return {
    Reference: v.reference,
    ReservationIdentifier: v.reservation_identifier,
    Name: JSON.parse(v.name_json) as LocalizedText,
    BenefitName: JSON.parse(v.benefit_json) as LocalizedText,
    Quantity: v.quantity,
    Price: v.price,
    Redeemed: v.redeemed,
    Balance: v.balance,
    IsStoredValue: v.is_stored_value === 1,
    DateTimeCreated: new Date(Number(v.created_at)).toISOString(),
    StartDate: new Date(Number(v.start_date)).toISOString(),
    EndDate: new Date(Number(v.end_date)).toISOString(),
    IsForReplacement: v.is_for_replacement === 1,
    status,
    canCancel: status === 'active',
    canReplace: (status === 'active' || status === 'partially_redeemed') && v.sold_in_outlet === 1,
  };
}

/** GET /customer-area/system-vouchers: the customer's vouchers; ones they cancelled here are gone. */
export async function listVouchers(ctx: AreaContext, customerId: string): Promise<SystemVoucher[]> {
  const rows = await voucherRows(ctx.db, { customerId });
  return rows.filter((v) => v.cancelled_by !== 'customer').map((v) => toVoucher(v, ctx.now));
}

async function ownVoucher(
  trx: Db,
  dialect: Dialect,
  customerId: string,
  reference: string,
  reservationIdentifier: string | undefined,
): Promise<VoucherRow> {
  const [v] = await voucherRows(trx, { reference }, dialect);
  if (!v) throw new AppError('SYSTEM_VOUCHER_NOT_FOUND', 'no such voucher');
  if (v.customer_id !== customerId)
    throw new AppError('not_your_item', 'this voucher belongs to another customer');
  if (v.state === 'cancelled')
    throw new AppError(
      'SYSTEM_VOUCHER_NOT_FOUND',
      'this voucher was cancelled; open the personal area again',
    );
  if (reservationIdentifier && v.reservation_identifier && reservationIdentifier !== v.reservation_identifier)
    throw new AppError('SYSTEM_VOUCHER_NOT_FOUND', 'the voucher is not part of that reservation');
  return v;
}

/** POST /system-vouchers/{ref}/cancel: an unused, valid voucher is cancelled and its price refunded. */
export async function cancelVoucher(
  ctx: AreaContext,
  customerId: string,
  reference: string,
  reservationIdentifier: string | undefined,
): Promise<{ Reference: string; status: 'cancelled'; refund: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const v = await ownVoucher(trx, ctx.dialect, customerId, reference, reservationIdentifier);
    if (voucherStatus(v, ctx.now) !== 'active')
      throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE', 'only an unused, valid voucher can be cancelled');
    if (!v.transaction_id) {
      const contact = ctx.settings.customerArea.boxOfficeContact;
      throw new AppError('BALANCE_IS_DUE', 'the refund cannot go back to the original payment online', {
        contact: contact.en ?? contact.he ?? '',
      });
    }
    await trx
      .updateTable('system_vouchers')
      .set({ state: 'cancelled', cancelled_by: 'customer' })
      .where('reference', '=', reference)
      .execute();
    await trx
      .insertInto('refunds')
      .values({
        id: `rf_${randomBytes(10).toString('hex')}`,
        transaction_id: v.transaction_id,
        reservation_identifier: v.reservation_identifier,
        voucher_reference: reference,
        amount: v.price,
        created_at: ctx.now,
      })
      .execute();
    await refundOrThrow(ctx.payments, v.transaction_id, v.price, `voucher:${reference}`);
    return { Reference: reference, status: 'cancelled' as const, refund: v.price };
  });
}

/**
 * POST /system-vouchers/{ref}/replacement: marks the voucher IsForReplacement with a new validity from
 * now for the configured number of days, and now as its creation time (spec sections 4 and 9).
 */
export async function replaceVoucher(
  ctx: AreaContext,
  customerId: string,
  reference: string,
  reservationIdentifier: string | undefined,
): Promise<SystemVoucher> {
  return ctx.db.transaction().execute(async (trx) => {
    const v = await ownVoucher(trx, ctx.dialect, customerId, reference, reservationIdentifier);
    if (v.is_for_replacement === 1)
      throw new AppError('SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT', 'this voucher is already for replacement');
    if (v.sold_in_outlet !== 1)
      throw new AppError(
        'SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET',
        'this voucher was not sold here; contact support',
      );
    const status = voucherStatus(v, ctx.now);
    if (status !== 'active' && status !== 'partially_redeemed')
      throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE', `a voucher that is ${status} cannot be replaced`);
    const days = ctx.settings.customerArea.replacementVoucherDays;
    await trx
      .updateTable('system_vouchers')
      .set({
        is_for_replacement: 1,
        start_date: ctx.now,
        end_date: ctx.now + days * 24 * 3_600_000,
        created_at: ctx.now,
      })
      .where('reference', '=', reference)
      .execute();
    const [updated] = await voucherRows(trx, { reference });
    return toVoucher(updated!, ctx.now);
  });
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
