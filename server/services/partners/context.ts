import type { Kysely } from 'kysely';
import type { PartnerContextQuery } from '../../../src/api/contract/partners.ts';
import { SLUG_PATTERN } from '../../../src/domain/slug.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/**
 * The partner context of a call (issue 20): the mini-site it is made through (`miniSiteUrl`, a slug) and
 * the integration partner whose live entry it carries (`integrationId`). Both are resolved by the box
 * office from its own tables: a client names a context, it never grants itself one.
 */
export interface PartnerContext {
  miniSite: { id: number; slug: string } | null;
  /** The integration partner of a live entry. */
  integration: { id: string; partnerId: number } | null;
}

export const NO_PARTNER: PartnerContext = { miniSite: null, integration: null };

export const hasContext = (q: PartnerContextQuery): boolean =>
  q.miniSiteUrl !== undefined || q.integrationId !== undefined;

/** The active mini-site of a slug; miniSiteNotFound otherwise. */
export async function findMiniSite(
  db: Kysely<Database>,
  slug: string,
): Promise<{ id: number; slug: string }> {
  const notFound = () => new AppError('miniSiteNotFound', 'no partner mini-site has this address', { slug });
  if (slug.length > 100 || !SLUG_PATTERN.test(slug)) throw notFound();
  const row = await db
    .selectFrom('mini_sites')
    .select(['id', 'slug'])
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The partner of a live integration entry; integrationError for one unknown or expired at `now`. */
export async function findIntegration(
  db: Kysely<Database>,
  integrationId: string,
  now: number,
): Promise<{ id: string; partnerId: number }> {
  const row = await db
    .selectFrom('integration_entries as e')
    .innerJoin('integration_partners as p', 'p.id', 'e.partner_id')
    .select(['e.id', 'e.partner_id', 'e.expires_at', 'p.is_active'])
    .where('e.id', '=', integrationId)
    .executeTakeFirst();
  if (!row || row.is_active !== 1 || Number(row.expires_at) <= now)
    throw new AppError('integrationError', 'this partner entry is unknown or has expired; enter again');
  return { id: row.id, partnerId: row.partner_id };
}

/** The context a call names, resolved; miniSiteNotFound or integrationError when it names a bad one. */
export async function resolvePartnerContext(
  db: Kysely<Database>,
  q: PartnerContextQuery,
  now: number,
): Promise<PartnerContext> {
  if (!hasContext(q)) return NO_PARTNER;
  return {
    miniSite: q.miniSiteUrl !== undefined ? await findMiniSite(db, q.miniSiteUrl) : null,
    integration: q.integrationId !== undefined ? await findIntegration(db, q.integrationId, now) : null,
  };
}

/** Whether a mini-site sells a presentation. */
export async function sellsPresentation(
  db: Kysely<Database>,
  miniSiteId: number,
  presentationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('mini_site_presentations')
    .select('presentation_id')
    .where('mini_site_id', '=', miniSiteId)
    .where('presentation_id', '=', presentationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** eventError when the context's mini-site does not sell one of the presentations (spec section 8). */
export async function assertSoldThrough(
  db: Kysely<Database>,
  ctx: PartnerContext,
  presentationIds: Iterable<number>,
): Promise<void> {
  if (!ctx.miniSite) return;
  for (const id of new Set(presentationIds))
    if (!(await sellsPresentation(db, ctx.miniSite.id, id)))
      throw new AppError('eventError', `presentation ${id} is not sold through this mini-site`, {
        presentationId: id,
        miniSiteUrl: ctx.miniSite.slug,
      });
}

/**
 * Whether the context may see and buy a ticket: everyone's tickets always; a mini-site's only through it,
 * an integration partner's only with a live entry of that partner.
 */
export function partnerMayBuy(
  ctx: PartnerContext,
  t: { mini_site_id: number | null; integration_partner_id: number | null },
): boolean {
  if (t.mini_site_id !== null && t.mini_site_id !== ctx.miniSite?.id) return false;
  if (t.integration_partner_id !== null && t.integration_partner_id !== ctx.integration?.partnerId)
    return false;
  return true;
}

/** A partner's ticket: hidden from everyone else, shown and sold in its context instead of by a code. */
export const isPartnerTicket = (t: { mini_site_id: number | null; integration_partner_id: number | null }) =>
  t.mini_site_id !== null || t.integration_partner_id !== null;
