import type { Kysely, Selectable } from 'kysely';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { MiniSite, MiniSiteStorefront } from '../../../src/api/contract/partners.ts';
import type { Database } from '../../db/types.ts';
import { listed, listPresentations } from '../catalogue/presentations.ts';
import { isSoldHere } from '../catalogue/scope.ts';
import { findMiniSite } from './context.ts';

const toMiniSite = (r: Selectable<Database['mini_sites']>): MiniSite => ({
  id: r.id,
  slug: r.slug,
  name: JSON.parse(r.name_json) as LocalizedText,
  kind: r.kind,
  logoUrl: r.logo_url,
});

/** GET /mini-sites: the venue's active partner mini-sites, in their order. */
export async function listMiniSites(db: Kysely<Database>): Promise<MiniSite[]> {
  const rows = await db
    .selectFrom('mini_sites')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toMiniSite);
}

/** GET /mini-sites/{slug}: the storefront, with the presentations it sells as the board shows them. */
export async function miniSiteStorefront(
  db: Kysely<Database>,
  settings: Settings,
  slug: string,
  now: number,
): Promise<MiniSiteStorefront> {
  const { id } = await findMiniSite(db, slug);
  const row = await db.selectFrom('mini_sites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sold = new Set(
    (
      await db
        .selectFrom('mini_site_presentations')
        .select('presentation_id')
        .where('mini_site_id', '=', id)
        .execute()
    ).map((r) => r.presentation_id),
  );
  const presentations = (await listPresentations(db, now))
    .filter((p) => sold.has(p.id) && isSoldHere(settings, p))
    .map(listed);
  return { ...toMiniSite(row), presentations };
}
