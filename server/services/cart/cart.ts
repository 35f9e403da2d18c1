import type { Kysely } from 'kysely';
import { type CartBody, CartBodySchema, type StoredCart } from '../../../src/api/contract/cart.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { getPresentation } from '../catalogue/presentations.ts';
import { heldByVisitor } from '../seating/holds.ts';

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

const EMPTY: CartBody['cart'] = { presentations: [], vouchers: [], customerInfo: null };

/** The stored cart as written, or an empty one (a row from an older shape reads as empty). */
function parseStored(json: string | undefined): CartBody['cart'] {
  if (json === undefined) return EMPTY;
  try {
    const parsed = CartBodySchema.shape.cart.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/**
 * GET /cart: the visitor's cart, for a reload or a second tab. The seats are the truth of the moment,
 * not what was written: those the visitor still holds (a lapsed or sold seat has left the cart), and a
 * presentation that is no longer on sale has left it too.
 */
export async function loadCart(
  db: Kysely<Database>,
  visitor: string,
  now: number,
): Promise<{ cart: StoredCart; updatedAt: string | null }> {
  const row = await db
    .selectFrom('carts')
    .select(['cart_json', 'updated_at'])
    .where('visitor', '=', visitor)
    .executeTakeFirst();
  const stored = parseStored(row?.cart_json);
  const presentations: StoredCart['presentations'] = [];
  for (const entry of stored.presentations) {
    const p = await getPresentation(db, entry.presentationId, now).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (!p) continue;
    const held = await heldByVisitor(db, p.id, visitor, now);
    presentations.push({
      presentationId: p.id,
      seats: held.map((h) => ({ sectionId: h.section_id, x: h.x, y: h.y })),
      venueTypeId: p.venueTypeId,
      authProfileId: p.authProfileId,
      businessId: p.businessId,
      venueId: p.venueId,
      seatplanId: p.seatplanId,
      title: p.title,
      dateTime: p.dateTime,
    });
  }
  return {
    cart: { presentations, vouchers: stored.vouchers, customerInfo: stored.customerInfo ?? null },
    updatedAt: row ? new Date(Number(row.updated_at)).toISOString() : null,
  };
}
