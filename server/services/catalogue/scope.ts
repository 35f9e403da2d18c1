import type { Settings } from '../../../src/api/contract/session.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/**
 * What this shop sells, from the venue's settings (spec section 3): the presentations of its business
 * ids (all when none are set), and video on demand only where the cart flag sells it.
 */
export function isSoldHere(settings: Settings, p: { businessId: number; isVod: boolean }): boolean {
  if (settings.businessIds !== null && !settings.businessIds.includes(p.businessId)) return false;
  return !p.isVod || settings.cart.isVideoCartEnabled;
}

/** A presentation this shop does not sell does not exist for its customers. */
export function assertSoldHere(
  settings: Settings,
  p: { id: number; businessId: number; isVod: boolean },
): void {
  if (!isSoldHere(settings, p))
    throw new AppError('event_not_found', `presentation ${p.id} is not sold here`);
}

/** Throws location_offline when the presentation's venue has turned booking through the site off. */
export function assertOnline(row: { id: number; online_sales_enabled: number }): void {
  if (row.online_sales_enabled === 0)
    throw new AppError('location_offline', `presentation ${row.id}: the venue sells at the box office only`);
}

/** The same check for the venues of a cart's presentations, read inside the order's transaction. */
export async function assertVenuesOnline(db: Kysely<Database>, venueIds: readonly number[]): Promise<void> {
  if (venueIds.length === 0) return;
  const off = await db
    .selectFrom('venues')
    .select('id')
    .where('id', 'in', [...new Set(venueIds)])
    .where('online_sales_enabled', '=', 0)
    .executeTakeFirst();
  if (off) throw new AppError('location_offline', `venue ${off.id} sells at the box office only`);
}
