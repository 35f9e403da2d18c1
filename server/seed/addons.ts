import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { PRODUCT } from './catalogue.ts';

/** The demo's 3D feature: its showings sell 3D glasses with every ticket. */
export const FEATURE_3D = 2;

export const DEMO_ADDON = {
  glasses3d: {
    id: 1,
    name: {
      he: 'משקפי תלת-ממד',
      en: '3D glasses',
      ru: '3D-очки',
      ar: 'نظارات ثلاثية الأبعاد',
      pl: 'Okulary 3D',
    },
    /** Agorot, per seat: what the separate product cost before. */
    price: 500,
  },
} as const;

/**
 * Ticket add-ons of the demo: at every showing of the 3D feature, each ticket a customer can choose
 * carries the 3D glasses, ticked by default (a customer who brings their own unticks them). Runs after
 * the catalogue, also on a database seeded before add-ons existed (whose 3D showings then stop selling
 * the glasses as a product); idempotent (a marker row records it).
 * It touches no seat, so the seat states drawn for other shows stay as they were.
 */
export async function seedDemoAddons(db: Kysely<Database>): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_addons')
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_addons', value: '1' }).execute();
    const glasses = DEMO_ADDON.glasses3d;
    await trx
      .insertInto('addons')
      .values({ id: glasses.id, name_json: JSON.stringify(glasses.name) })
      .execute();
    const offers = await trx
      .selectFrom('presentations as p')
      .innerJoin('presentation_ticket_groups as ptg', 'ptg.presentation_id', 'p.id')
      .innerJoin('tickets as t', 't.ticket_group_id', 'ptg.ticket_group_id')
      .select(['p.id as presentation_id', 't.id as ticket_id'])
      .where('p.feature_id', '=', FEATURE_3D)
      .where('t.is_sub_ticket', '=', 0)
      .orderBy('p.id')
      .orderBy('t.id')
      .execute();
    // A database seeded before add-ons sold the glasses as a product of the 3D showings: not twice.
    const showings = [...new Set(offers.map((o) => o.presentation_id))];
    for (let i = 0; i < showings.length; i += 500)
      await trx
        .deleteFrom('presentation_products')
        .where('product_id', '=', PRODUCT.glasses3d)
        .where('presentation_id', 'in', showings.slice(i, i + 500))
        .execute();
    for (let i = 0; i < offers.length; i += 500)
      await trx
        .insertInto('ticket_addons')
        .values(
          offers.slice(i, i + 500).map((o) => ({
            presentation_id: o.presentation_id,
            ticket_id: o.ticket_id,
            addon_id: glasses.id,
            price: glasses.price,
            sort: 0,
            preselect: 1,
          })),
        )
        .execute();
  });
  return true;
}
