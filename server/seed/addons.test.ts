import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';
import { FEATURE_3D, seedDemoAddons } from './addons.ts';
import { PRODUCT } from './catalogue.ts';

/** A demo database seeded before ticket add-ons existed gets them on its next start, once. */
describe.each(dialects)('the add-on upgrade of an older demo database, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('moves the 3D glasses from a product of the 3D showings to an add-on of their tickets', async () => {
    const db = t.db.kysely;
    const showing = await db
      .selectFrom('presentations')
      .select('id')
      .where('feature_id', '=', FEATURE_3D)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The database as it was before add-ons: no marker, no add-ons, the glasses sold as a product.
    await db.deleteFrom('ticket_addons').execute();
    await db.deleteFrom('addons').execute();
    await db.deleteFrom('meta').where('key', '=', 'seed_addons').execute();
    await db
      .insertInto('presentation_products')
      .values({ presentation_id: showing.id, product_id: PRODUCT.glasses3d, sort: 9 })
      .execute();

    expect(await seedDemoAddons(db)).toBe(true);
    expect(await seedDemoAddons(db)).toBe(false);
    const products = await db
      .selectFrom('presentation_products')
      .select('product_id')
      .where('presentation_id', '=', showing.id)
      .execute();
    expect(products.map((p) => p.product_id)).not.toContain(PRODUCT.glasses3d);
    const addons = await db
      .selectFrom('ticket_addons')
      .selectAll()
      .where('presentation_id', '=', showing.id)
      .execute();
    expect(addons.length).toBeGreaterThan(0);
    expect(addons.every((a) => a.price === 500 && a.preselect === 1)).toBe(true);
  });
});
