import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { assertSoldThrough, isPartnerTicket, type PartnerContext, resolvePartnerContext } from './context.ts';

/**
 * The partner context of a commit (issue 20), resolved inside the order's transaction from the body's
 * `miniSiteUrl` and `integrationId`: an unknown mini-site is miniSiteNotFound, an expired entry
 * integrationError; every presentation of the cart must be one the mini-site sells (eventError); a
 * `cart.referralMiniSiteId` must name the mini-site of `miniSiteUrl` (the order records the mini-site from
 * the context, never from the client's number alone).
 */
export async function commitPartnerContext(
  db: Kysely<Database>,
  body: {
    miniSiteUrl?: string | undefined;
    integrationId?: string | undefined;
    cart: {
      referralMiniSiteId?: number | undefined;
      seats: readonly { pi: number }[];
      videos: readonly { presentationId: number }[];
    };
  },
  now: number,
): Promise<PartnerContext> {
  const ctx = await resolvePartnerContext(db, body, now);
  const referral = body.cart.referralMiniSiteId;
  if (referral !== undefined && referral !== ctx.miniSite?.id)
    throw new AppError('miniSiteReferralMismatch', 'referralMiniSiteId is not the mini-site of miniSiteUrl', {
      referralMiniSiteId: referral,
    });
  await assertSoldThrough(db, ctx, [
    ...body.cart.seats.map((s) => s.pi),
    ...body.cart.videos.map((v) => v.presentationId),
  ]);
  return ctx;
}

/** What the order records of its context. */
export const partnerColumns = (ctx: PartnerContext | undefined) => ({
  referral_mini_site_id: ctx?.miniSite?.id ?? null,
  integration_partner_id: ctx?.integration?.partnerId ?? null,
});

/**
 * A seat's partner ticket at the commit: sold only in its context. Without the mini-site (or a live entry
 * of the integration partner) it is refused as any hidden ticket without its code is: ticket_not_in_group.
 */
export function assertPartnerTicket(
  ctx: PartnerContext | undefined,
  row: { id: number; mini_site_id: number | null; integration_partner_id: number | null },
  seat: string,
): void {
  if (!isPartnerTicket(row)) return;
  const okSite = row.mini_site_id === null || row.mini_site_id === ctx?.miniSite?.id;
  const okPartner =
    row.integration_partner_id === null || row.integration_partner_id === ctx?.integration?.partnerId;
  if (!okSite || !okPartner)
    throw new AppError('ticket_not_in_group', `ticket ${row.id} is sold only through its partner`, { seat });
}
