import { sql, type Kysely } from 'kysely';
import type { Locale } from '../../../../src/api/contract/common.ts';
import type { PosRow, ProductRow } from '../../../../src/api/contract/reports.ts';
import type { Database, PointOfSale } from '../../../db/types.ts';
import { ownMoney, pick } from './attendance.ts';
import type { ReportRange } from './range.ts';

type Db = Kysely<Database>;

/**
 * Sales by when they were made: paid orders whose `confirmed_at` falls in the range's days (venue
 * midnights). Orders of another currency than the venue's count as orders and tickets, not as money.
 */

/**
 * Concessions: each product offered with a presentation (or sold in the range), with the quantity sold
 * in paid orders and its revenue (quantity × unit price paid). Products that sold nothing are the least
 * sold of all.
 */
export async function productRows(
  db: Db,
  range: ReportRange,
  currency: string,
  locale: Locale,
): Promise<ProductRow[]> {
  const sold = await db
    .selectFrom('order_products as op')
    .innerJoin('orders as o', 'o.reservation_identifier', 'op.reservation_identifier')
    .select([
      'op.product_id',
      // What staff refunded of a line (issue 36) is not sold.
      sql<string | number>`coalesce(sum(op.quantity - op.refunded_quantity), 0)`.as('quantity'),
      ownMoney(sql`(op.quantity - op.refunded_quantity) * op.unit_price`, currency).as('revenue'),
    ])
    .where('o.state', '=', 'paid')
    .where('o.confirmed_at', '>=', range.fromMs)
    .where('o.confirmed_at', '<', range.toMs)
    .groupBy('op.product_id')
    .execute();
  const offered = [
    ...(await db.selectFrom('presentation_products').select('product_id').distinct().execute()),
    ...(await db.selectFrom('venue_products').select('product_id').distinct().execute()),
  ];
  const ids = new Set([...offered.map((o) => o.product_id), ...sold.map((s) => s.product_id)]);
  if (ids.size === 0) return [];
  const products = await db
    .selectFrom('products')
    .select(['id', 'name_json'])
    .where('id', 'in', [...ids])
    .execute();
  const byProduct = new Map(sold.map((s) => [s.product_id, s]));
  return products.map((p) => ({
    productId: p.id,
    product: pick(p.name_json, locale),
    quantity: Number(byProduct.get(p.id)?.quantity ?? 0),
    revenue: Number(byProduct.get(p.id)?.revenue ?? 0),
  }));
}

/**
 * Sales by point of sale (online; the box office, where a staff user was logged in at the counter):
 * paid orders, their sold seat tickets, and revenue: the sum of the orders' totals (everything the
 * order sold: tickets, service charges, products, vouchers, donations, memberships) in the venue's
 * currency. Both points of sale are listed, also without sales.
 */
export async function posRows(db: Db, range: ReportRange, currency: string): Promise<PosRow[]> {
  const orders = await db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.point_of_sale',
      eb.fn.countAll<string | number>().as('orders'),
      ownMoney(sql`o.total`, currency).as('revenue'),
    ])
    .where('o.state', '=', 'paid')
    .where('o.confirmed_at', '>=', range.fromMs)
    .where('o.confirmed_at', '<', range.toMs)
    .groupBy('o.point_of_sale')
    .execute();
  const tickets = await db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .select((eb) => ['o.point_of_sale', eb.fn.countAll<string | number>().as('tickets')])
    .where('t.kind', '=', 'seat')
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .where('o.confirmed_at', '>=', range.fromMs)
    .where('o.confirmed_at', '<', range.toMs)
    .groupBy('o.point_of_sale')
    .execute();
  return (['online', 'box_office'] as const satisfies readonly PointOfSale[]).map((pos) => {
    const o = orders.find((r) => r.point_of_sale === pos);
    return {
      pointOfSale: pos,
      orders: Number(o?.orders ?? 0),
      tickets: Number(tickets.find((r) => r.point_of_sale === pos)?.tickets ?? 0),
      revenue: Number(o?.revenue ?? 0),
    };
  });
}
