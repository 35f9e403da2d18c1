import type { Kysely } from 'kysely';
import { LocaleSchema } from '../../../../src/api/contract/common.ts';
import type { OrderView } from '../../../../src/api/contract/ordersAdmin.ts';
import { currencyInfo } from '../../../../src/domain/currency.ts';
import { edocumentPath, waiverPath } from '../../../../src/routing/paths.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { listAudit } from '../../audit/log.ts';
import { staffMessageOf } from '../../staff/messages.ts';
import { loadOrderPurchases } from '../purchases.ts';
import { orderHistory } from './history.ts';
import { orderLines } from './orderLines.ts';
import { orderMoney } from './orderMoney.ts';

type Db = Kysely<Database>;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

/** The order's row and its customer's, or order_not_found. */
async function orderRow(db: Db, rid: string) {
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('o')
    .select(['c.first_name', 'c.last_name', 'c.email', 'c.mobile_number'])
    .where('o.reservation_identifier', '=', rid)
    .executeTakeFirst();
  if (!o) throw new AppError('order_not_found', 'no order has this reservation number');
  return o;
}

/** The catalogue code a failed order's customer was shown. */
function failureCode(json: string | null): string | null {
  if (!json) return null;
  try {
    const code = (JSON.parse(json) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/admin/orders/:reservationIdentifier: everything about one order for the box office, in any
 * state (a payment under way, one that failed, a cancelled order): its customer, totals, lines, seats,
 * payments, refunds, staff adjustments, messages with their delivery, the e-ticket and waiver links,
 * and its history. The lines, money and history come from the modules beside this one; the purchases
 * besides seats (donations, memberships, enrolment) are read as the order's documents read them.
 */
export async function loadOrderView(
  db: Db,
  reservationIdentifier: string,
  venueCurrency: string,
): Promise<OrderView> {
  const o = await orderRow(db, reservationIdentifier);
  const rid = o.reservation_identifier;
  const customerName = [o.first_name, o.last_name].filter(Boolean).join(' ');
  const [lines, money, purchases, messages, audit, waiver] = await Promise.all([
    orderLines(db, rid),
    orderMoney(db, rid),
    loadOrderPurchases(db, { ...o, customerName }),
    db
      .selectFrom('order_messages')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .orderBy('created_at')
      .orderBy('kind')
      .orderBy('channel')
      .execute(),
    listAudit(db, { objectType: 'order', objectId: rid, limit: 200 }),
    db
      .selectFrom('order_waivers')
      .select('reservation_identifier')
      .where('reservation_identifier', '=', rid)
      .executeTakeFirst(),
  ]);
  const refunded = money.refunds.reduce((sum, r) => sum + r.amount, 0);
  const view: Omit<OrderView, 'history'> = {
    reservationIdentifier: rid,
    state: o.state,
    isHold: o.is_hold === 1,
    locale: LocaleSchema.catch('he').parse(o.locale),
    createdAt: iso(o.created_at),
    confirmedAt: isoOrNull(o.confirmed_at),
    cancelledAt: isoOrNull(o.cancelled_at),
    holdDeadline: o.state === 'held' ? isoOrNull(o.hold_deadline) : null,
    failure: failureCode(o.failure_json),
    pointOfSale: o.point_of_sale,
    soldBy: o.sold_by_staff_id,
    currency: currencyInfo(o.currency_code ?? venueCurrency),
    customer: {
      firstName: o.first_name,
      lastName: o.last_name,
      email: o.email,
      mobileNumber: o.mobile_number,
      accountId: o.account_id,
    },
    totals: {
      tickets: o.tickets_total,
      addons: o.addons_total,
      serviceCharge: o.service_charge_total,
      products: o.products_total,
      vouchers: o.vouchers_total ?? 0,
      donations: o.donations_total ?? 0,
      memberships: o.memberships_total ?? 0,
      enrolment: o.enrolment_total ?? 0,
      bookingFee: o.booking_fee,
      total: o.total,
      cancelFee: o.cancel_fee,
      refunded,
    },
    links: {
      // The e-ticket opens for paid and held orders only (loadOrderDocument); the key is its address.
      eTicket: o.state === 'paid' || o.state === 'held' ? edocumentPath(o.document_key) : null,
      waiver: waiver ? waiverPath(rid) : null,
    },
    ...lines,
    donations: purchases.donations,
    memberships: purchases.memberships ?? [],
    enrolment: purchases.enrolment ?? null,
    ...money,
    messages: messages.map(staffMessageOf),
  };
  return { ...view, history: orderHistory(view, audit.entries) };
}
