import type { Kysely, Transaction } from 'kysely';
import { VOD_VENUE_TYPES } from '../../../../src/api/contract/common.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';

/** The customer's own orders as the personal area reads them: listed, one by one, their facts and payment. */

type Db = Kysely<Database> | Transaction<Database>;
export const vodTypes = [...VOD_VENUE_TYPES];

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
export async function ownOrders(db: Db, customerId: string) {
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

/**
 * The order if it is the customer's: order_not_found when unknown, not_your_item when someone else's.
 * `forUpdate`: inside a cancelling transaction, lock the order row until it ends (on PostgreSQL; SQLite
 * runs one writer at a time, and its compiler drops the lock, see db/sqlite-compiler.ts).
 */
export async function ownOrder(
  db: Db,
  forUpdate: boolean,
  customerId: string,
  reservationIdentifier: string,
) {
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
      'o.vouchers_total',
      'o.donations_total',
      'o.memberships_total',
      'o.enrolment_total',
      'o.currency_code',
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

/** What an order's tickets say: when its shows start, whether it is a video, how many tickets are valid. */
export interface OrderFacts {
  firstStart: number;
  lastStart: number;
  isVideo: boolean;
  validTickets: number;
}

export async function orderFacts(db: Db, reservationIdentifier: string): Promise<OrderFacts> {
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

/**
 * The order's online payment (card, wallet, Blik, payment page, or voucher), first the provider's; money
 * taken at the counter is not one (it goes back there: the customer is sent to the box office).
 */
export async function paymentOf(db: Db, reservationIdentifier: string) {
  return db
    .selectFrom('order_payments')
    .select(['method', 'brand', 'last4', 'number_of_payments', 'amount'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('status', 'in', ['approved', 'refunded'])
    .where('method', 'not in', ['cash', 'card_present'])
    .orderBy('method', 'asc')
    .executeTakeFirst();
}
