import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The system vouchers for sale as the box office keeps them (`voucher_offers`, migration 010): an offer
 * of a voucher class at fixed prices, at a price the customer names between a minimum and a maximum, or
 * on a date to choose with a capacity per date. Read by the catalogue (GET /system-vouchers/for-sale)
 * and by the checkout's voucher lines, so both see the same offers, prices and dates left.
 */

/** Active offers with their class (what a voucher of it is worth, its terms), by sort; `ids`: only those. */
export function activeOffers(db: Db, ids?: readonly number[]) {
  let q = db
    .selectFrom('voucher_offers as o')
    .innerJoin('system_voucher_classes as k', 'k.id', 'o.class_id')
    .select([
      'o.id',
      'o.class_id',
      'o.super_class_id',
      'o.kind',
      'o.name_json',
      'o.description_json',
      'o.min_price',
      'o.max_price',
      'o.validity_days',
      'k.benefit_json',
      'k.terms_json',
      'k.is_stored_value',
      'k.uses',
    ])
    .where('o.is_active', '=', 1)
    .orderBy('o.sort')
    .orderBy('o.id');
  if (ids) q = q.where('o.id', 'in', ids.length ? [...ids] : [-1]);
  return q.execute();
}
export type OfferRow = Awaited<ReturnType<typeof activeOffers>>[number];

/** The fixed prices of offers, by sort. */
export function offerPrices(db: Db, offerIds: readonly number[]) {
  return db
    .selectFrom('voucher_offer_prices')
    .selectAll()
    .where('offer_id', 'in', offerIds.length ? [...offerIds] : [-1])
    .orderBy('offer_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * The dates of dated offers from `today` on (business dates, YYYY-MM-DD), each with the vouchers left:
 * its capacity less the vouchers of pending and paid orders for that date (never below 0). `lock`: inside
 * a checkout, the dates' rows stay locked until the transaction ends, so two orders for the last voucher
 * of a date are counted one after the other.
 */
export async function offerDates(
  db: Db,
  offerIds: readonly number[],
  today: string,
  lock = false,
): Promise<{ offerId: number; date: string; left: number }[]> {
  if (offerIds.length === 0) return [];
  let q = db
    .selectFrom('voucher_offer_dates')
    .selectAll()
    .where('offer_id', 'in', [...offerIds])
    .where('date', '>=', today)
    .orderBy('offer_id')
    .orderBy('date');
  if (lock) q = q.forUpdate();
  const dates = await q.execute();
  if (dates.length === 0) return [];
  const sold = await db
    .selectFrom('order_voucher_lines as l')
    .innerJoin('orders as o', 'o.reservation_identifier', 'l.reservation_identifier')
    .select(['l.offer_id', 'l.date'])
    .select((eb) => eb.fn.sum<number | string>('l.quantity').as('n'))
    .where('l.offer_id', 'in', [...offerIds])
    .where('l.date', '>=', today)
    .where('o.state', 'in', ['pending', 'paid'])
    .groupBy(['l.offer_id', 'l.date'])
    .execute();
  const soldOf = new Map(sold.map((s) => [`${s.offer_id}:${s.date}`, Number(s.n)]));
  return dates.map((d) => ({
    offerId: d.offer_id,
    date: d.date,
    left: Math.max(0, d.capacity - (soldOf.get(`${d.offer_id}:${d.date}`) ?? 0)),
  }));
}
