import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.ts';

type Db = Kysely<Database>;

export interface OfferedProduct {
  presentation_id: number;
  id: number;
  name_json: string;
  price: number;
  is_delivery_required: number;
  sort: number;
}

/**
 * The products offered with each of `presentationIds`: those offered with the presentation itself and
 * those its venue offers with all of its presentations (issue 34), once each, the presentation's own
 * first, then the venue's, each in its order. The shop's presentation answer, the checkout's product
 * line and the back office read them here.
 */
export async function offeredProducts(db: Db, presentationIds: readonly number[]): Promise<OfferedProduct[]> {
  if (presentationIds.length === 0) return [];
  const [own, venue] = await Promise.all([
    db
      .selectFrom('presentation_products as pp')
      .innerJoin('products as pr', 'pr.id', 'pp.product_id')
      .select([
        'pp.presentation_id',
        'pr.id',
        'pr.name_json',
        'pr.price',
        'pr.is_delivery_required',
        'pp.sort',
      ])
      .where('pp.presentation_id', 'in', presentationIds)
      .execute(),
    db
      .selectFrom('presentations as p')
      .innerJoin('venue_products as vp', 'vp.venue_id', 'p.venue_id')
      .innerJoin('products as pr', 'pr.id', 'vp.product_id')
      .select([
        'p.id as presentation_id',
        'pr.id',
        'pr.name_json',
        'pr.price',
        'pr.is_delivery_required',
        'vp.sort',
      ])
      .where('p.id', 'in', presentationIds)
      .execute(),
  ]);
  const byOrder = (a: OfferedProduct, b: OfferedProduct) => a.sort - b.sort || a.id - b.id;
  const out: OfferedProduct[] = [];
  for (const id of presentationIds) {
    const mine = own.filter((o) => o.presentation_id === id).sort(byOrder);
    const seen = new Set(mine.map((o) => o.id));
    out.push(...mine, ...venue.filter((v) => v.presentation_id === id && !seen.has(v.id)).sort(byOrder));
  }
  return out;
}
