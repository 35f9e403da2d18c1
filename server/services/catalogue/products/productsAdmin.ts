import type { Kysely, Updateable } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import {
  type AdminProduct,
  type ProductCreate,
  type ProductFields,
  ProductCreateSchema,
  type ProductUpdate,
  ProductUpdateSchema,
} from '../../../../src/api/contract/pricesAdmin.ts';
import { holdNamed } from '../../../db/repositories/hallLocks.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { type Actor, audit } from '../../audit/log.ts';
import { changeCatalogue } from '../generation.ts';

type Db = Kysely<Database>;

/** Every product (or one) with the venues offering it and how many presentations offer it on their own. */
export async function listProductsAdmin(db: Db, onlyId?: number): Promise<AdminProduct[]> {
  let q = db.selectFrom('products').selectAll().orderBy('id');
  if (onlyId !== undefined) q = q.where('id', '=', onlyId);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [venues, shows] = await Promise.all([
    db.selectFrom('venue_products').selectAll().where('product_id', 'in', ids).orderBy('venue_id').execute(),
    db
      .selectFrom('presentation_products')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('product_id', 'in', ids)
      .groupBy('product_id')
      .execute(),
  ]);
  const count = new Map(shows.map((s) => [s.product_id, Number(s.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: JSON.parse(r.name_json) as LocalizedText,
    price: r.price,
    deliveryRequired: r.is_delivery_required === 1,
    venueIds: venues.filter((v) => v.product_id === r.id).map((v) => v.venue_id),
    presentations: count.get(r.id) ?? 0,
  }));
}

async function productRow(db: Db, id: number) {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('product_not_found', `product ${id} does not exist`);
  return row;
}

/** Refuses a venue or presentation that does not exist (venue_not_found, event_not_found). */
async function assertPlaces(db: Db, venueIds?: readonly number[], presentationIds?: readonly number[]) {
  if (venueIds?.length) {
    const found = await db.selectFrom('venues').select('id').where('id', 'in', venueIds).execute();
    const missing = venueIds.find((v) => !found.some((f) => f.id === v));
    if (missing !== undefined) throw new AppError('venue_not_found', `venue ${missing} does not exist`);
  }
  if (presentationIds?.length) {
    const found = await db
      .selectFrom('presentations')
      .select('id')
      .where('id', 'in', presentationIds)
      .execute();
    const missing = presentationIds.find((p) => !found.some((f) => f.id === p));
    if (missing !== undefined)
      throw new AppError('event_not_found', `presentation ${missing} does not exist`);
  }
}

/** Replaces where a product is offered: by venues (all their presentations) and by single presentations. */
async function offerAt(
  trx: Db,
  id: number,
  venueIds?: readonly number[],
  presentationIds?: readonly number[],
) {
  if (venueIds) {
    await trx.deleteFrom('venue_products').where('product_id', '=', id).execute();
    const rows = [...new Set(venueIds)].map((venue_id) => ({ venue_id, product_id: id, sort: id }));
    if (rows.length) await trx.insertInto('venue_products').values(rows).execute();
  }
  if (presentationIds) {
    await trx.deleteFrom('presentation_products').where('product_id', '=', id).execute();
    const rows = [...new Set(presentationIds)].map((presentation_id) => ({
      presentation_id,
      product_id: id,
      sort: id,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('presentation_products')
        .values(rows.slice(i, i + 500))
        .execute();
  }
}

/** A product (concession, merchandise) with its price and where it is offered; audited. */
export async function createProduct(
  db: Db,
  actor: Actor,
  input: ProductCreate,
  now: number,
): Promise<AdminProduct> {
  const p = ProductCreateSchema.parse(input);
  const id = await changeCatalogue(db, async (trx) => {
    await holdNamed(trx, 'products');
    const max = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    const id = Number(max?.m ?? 0) + 1;
    await insertProduct(trx, actor, id, p, now);
    return id;
  });
  const [made] = await listProductsAdmin(db, id);
  return made!;
}

/** Writes a product under `id` in the caller's transaction (the seed names its ids), offered where it says. */
export async function insertProduct(
  trx: Db,
  actor: Actor,
  id: number,
  p: ProductFields,
  now: number,
): Promise<void> {
  await assertPlaces(trx, p.venueIds, p.presentationIds);
  await trx
    .insertInto('products')
    .values({
      id,
      name_json: JSON.stringify(p.name),
      price: p.price,
      is_delivery_required: p.deliveryRequired ? 1 : 0,
    })
    .execute();
  await offerAt(trx, id, p.venueIds, p.presentationIds);
  await audit(trx, actor, { action: 'product.create', objectType: 'product', objectId: id, after: p }, now);
}

/**
 * Changes a product: name, price (for new sales: an order's product carries the price it was sold at),
 * delivery, and where it is offered. The shop shows the change at once.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  id: number,
  input: ProductUpdate,
  now: number,
): Promise<AdminProduct> {
  const change = ProductUpdateSchema.parse(input);
  await changeCatalogue(db, async (trx) => {
    await productRow(trx, id);
    const [before] = await listProductsAdmin(trx, id);
    await assertPlaces(trx, change.venueIds, change.presentationIds);
    const set: Updateable<Database['products']> = {};
    if (change.name) set.name_json = JSON.stringify(change.name);
    if (change.price !== undefined) set.price = change.price;
    if (change.deliveryRequired !== undefined) set.is_delivery_required = change.deliveryRequired ? 1 : 0;
    if (Object.keys(set).length) await trx.updateTable('products').set(set).where('id', '=', id).execute();
    await offerAt(trx, id, change.venueIds, change.presentationIds);
    const [after] = await listProductsAdmin(trx, id);
    await audit(
      trx,
      actor,
      { action: 'product.update', objectType: 'product', objectId: id, before, after },
      now,
    );
  });
  const [product] = await listProductsAdmin(db, id);
  return product!;
}
