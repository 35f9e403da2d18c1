import { sql, type Kysely } from 'kysely';
import type { Locale } from '../../../../src/api/contract/common.ts';
import type { MiniSiteRow } from '../../../../src/api/contract/reports.ts';
import type { Database } from '../../../db/types.ts';
import { ownMoney, pick } from './attendance.ts';
import type { ReportRange } from './range.ts';

/**
 * Sales by partner mini-site (issue 20), as sales by point of sale counts them: paid orders confirmed in
 * the range, their sold seat tickets, and revenue (the orders' totals in the venue's currency), one row
 * per mini-site (also without sales) and one for the orders placed through none.
 */
export async function miniSiteRows(
  db: Kysely<Database>,
  range: ReportRange,
  currency: string,
  locale: Locale,
): Promise<MiniSiteRow[]> {
  const orders = await db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.referral_mini_site_id',
      eb.fn.countAll<string | number>().as('orders'),
      ownMoney(sql`o.total`, currency).as('revenue'),
    ])
    .where('o.state', '=', 'paid')
    .where('o.confirmed_at', '>=', range.fromMs)
    .where('o.confirmed_at', '<', range.toMs)
    .groupBy('o.referral_mini_site_id')
    .execute();
  const tickets = await db
    .selectFrom('order_tickets as t')
    .innerJoin('orders as o', 'o.reservation_identifier', 't.reservation_identifier')
    .select((eb) => ['o.referral_mini_site_id', eb.fn.countAll<string | number>().as('tickets')])
    .where('t.kind', '=', 'seat')
    .where('t.state', '=', 'valid')
    .where('o.state', '=', 'paid')
    .where('o.confirmed_at', '>=', range.fromMs)
    .where('o.confirmed_at', '<', range.toMs)
    .groupBy('o.referral_mini_site_id')
    .execute();
  const sites = await db
    .selectFrom('mini_sites')
    .select(['id', 'name_json'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const rows: { id: number | null; name: string }[] = [
    ...sites.map((s) => ({ id: s.id, name: pick(s.name_json, locale) })),
    { id: null, name: '' },
  ];
  return rows.map(({ id, name }) => {
    const o = orders.find((r) => r.referral_mini_site_id === id);
    return {
      miniSiteId: id,
      miniSite: name,
      orders: Number(o?.orders ?? 0),
      tickets: Number(tickets.find((r) => r.referral_mini_site_id === id)?.tickets ?? 0),
      revenue: Number(o?.revenue ?? 0),
    };
  });
}
