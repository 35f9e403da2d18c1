import type { Kysely } from 'kysely';
import type { PartnerContextQuery } from '../../../src/api/contract/partners.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { TtlCache } from '../../ttlCache.ts';
import { type PartnerContext, resolvePartnerContext, sellsPresentation } from './context.ts';

/**
 * The partner context of the hot reads (a presentation, its ticket groups, the seat status), resolved
 * for a moment per context and per presentation, so a mini-site's on-sale rush costs what the plain
 * path costs. A call without a context never comes here. The commit resolves its context afresh.
 */
export class PartnerLookups {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly contexts: TtlCache<string, PartnerContext>;
  private readonly sells: TtlCache<string, boolean>;

  constructor(db: Kysely<Database>, ttlMs: number, now: () => number) {
    this.db = db;
    this.now = now;
    this.contexts = new TtlCache(ttlMs, now);
    this.sells = new TtlCache(ttlMs, now);
  }

  /** The context of the call (cached a moment: an entry expiring meanwhile is refused by the commit). */
  context(q: PartnerContextQuery): Promise<PartnerContext> {
    const key = `${q.miniSiteUrl ?? ''}\n${q.integrationId ?? ''}`;
    return this.contexts.get(key, () => resolvePartnerContext(this.db, q, this.now()));
  }

  /** The context, after checking its mini-site sells the presentation (eventError otherwise). */
  async forPresentation(q: PartnerContextQuery, presentationId: number): Promise<PartnerContext> {
    const ctx = await this.context(q);
    const site = ctx.miniSite;
    if (
      site &&
      !(await this.sells.get(`${site.id}:${presentationId}`, () =>
        sellsPresentation(this.db, site.id, presentationId),
      ))
    )
      throw new AppError('eventError', `presentation ${presentationId} is not sold through this mini-site`, {
        presentationId,
        miniSiteUrl: site.slug,
      });
    return ctx;
  }
}

/** The cache key part of a resolved context: '' for none. */
export const contextKey = (ctx: PartnerContext): string =>
  `m${ctx.miniSite?.id ?? ''}i${ctx.integration?.partnerId ?? ''}`;
