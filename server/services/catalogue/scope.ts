import type { Settings } from '../../../src/api/contract/session.ts';
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
