import type { Kysely } from 'kysely';
import type { CartBody } from '../../../src/api/contract/cart.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/**
 * Saves the visitor's cart (the server-side copy the shop restores a session from). Every presentation
 * must exist, and they must share one auth profile and one business (spec section 5).
 */
export async function saveCart(db: Kysely<Database>, visitor: string, cart: CartBody['cart'], now: number) {
  const ids = [...new Set(cart.presentations.map((p) => p.presentationId))];
  if (ids.length > 0) {
    const rows = await db
      .selectFrom('presentations')
      .select(['id', 'auth_profile_id', 'business_id'])
      .where('id', 'in', ids)
      .execute();
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined)
      throw new AppError('event_not_found', `presentation ${missing} does not exist`);
    if (new Set(rows.map((r) => r.auth_profile_id)).size > 1) {
      throw new AppError('incompatible_auth_profile', 'Incompatible AuthProfile');
    }
    if (new Set(rows.map((r) => r.business_id)).size > 1) {
      throw new AppError('incompatible_business', 'Incompatible Business');
    }
  }
  const cartJson = JSON.stringify(cart);
  await db
    .insertInto('carts')
    .values({ visitor, cart_json: cartJson, updated_at: now })
    .onConflict((oc) => oc.column('visitor').doUpdateSet({ cart_json: cartJson, updated_at: now }))
    .execute();
  return { cart, updatedAt: new Date(now).toISOString() };
}
