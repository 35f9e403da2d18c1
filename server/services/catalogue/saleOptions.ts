import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { AdminSaleOptions } from '../../../src/api/contract/saleOptionsAdmin.ts';
import type { Database } from '../../db/types.ts';

const named = (r: { id: number; name_json: string }) => ({
  id: r.id,
  name: JSON.parse(r.name_json) as LocalizedText,
});

/** The waivers, mini-sites, memberships, voucher classes and partner programmes, by id. */
export async function saleOptions(db: Kysely<Database>): Promise<AdminSaleOptions> {
  const [waivers, miniSites, memberships, voucherClasses, partnerPrograms] = await Promise.all([
    db.selectFrom('waivers').select(['id', 'version', 'title_json']).orderBy('id').execute(),
    db
      .selectFrom('mini_sites')
      .select(['id', 'name_json', 'is_active'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('memberships').select(['id', 'name_json']).orderBy('id').execute(),
    db.selectFrom('system_voucher_classes').select(['id', 'name_json']).orderBy('id').execute(),
    db.selectFrom('partner_programs').select(['id', 'name_json']).orderBy('id').execute(),
  ]);
  return {
    waivers: waivers.map((w) => ({
      id: w.id,
      version: w.version,
      name: JSON.parse(w.title_json) as LocalizedText,
    })),
    miniSites: miniSites.map((m) => ({ ...named(m), active: m.is_active === 1 })),
    memberships: memberships.map(named),
    voucherClasses: voucherClasses.map(named),
    partnerPrograms: partnerPrograms.map(named),
  };
}
