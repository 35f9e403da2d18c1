import type { Kysely } from 'kysely';
import type { MenuEntry, Settings } from '../../../src/api/contract/session.ts';
import { shownEntries } from '../../../src/domain/menu.ts';
import type { Database } from '../../db/types.ts';
import { TtlCache } from '../../ttlCache.ts';
import { listPresentations } from '../catalogue/presentations.ts';
import { isSoldHere } from '../catalogue/scope.ts';
import { donationFunds } from '../donations/funds.ts';
import { describeMemberships, membershipsOnSale } from '../memberships/catalogue.ts';
import { vouchersForSale } from '../vouchers/forSale.ts';

/**
 * What the header menu and the board lead to (issue 35): the venue's menu entries (settings.menu) that
 * have something for sale now, by the same reads as their pages (an entry never leads to an empty
 * page). Every page's first screen draws the menu, so the answer is kept 10 s per process: a voucher,
 * membership, fund or film put on sale shows in the menu within that.
 */
export async function entriesOnSale(
  db: Kysely<Database>,
  settings: Settings,
  now: number,
): Promise<Set<MenuEntry>> {
  const [vouchers, memberships, funds, board] = await Promise.all([
    vouchersForSale(db, settings.timeZone, now),
    membershipsOnSale(db).then((rows) => describeMemberships(db, rows)),
    donationFunds(db),
    listPresentations(db, now),
  ]);
  const onSale = new Set<MenuEntry>();
  if (vouchers.vouchers.length > 0) onSale.add('giftCards');
  if (memberships.length > 0) onSale.add('memberships');
  if (funds.donations.length > 0) onSale.add('donations');
  // As the films' page lists them (src/flows/digital): video on demand on sale now, sold by this shop.
  if (board.some((p) => p.isVod && p.saleStatus === 'open' && !p.locationOffline && isSoldHere(settings, p)))
    onSale.add('watchAtHome');
  return onSale;
}

const menus = new WeakMap<object, TtlCache<'', MenuEntry[]>>();

/** The entries the header and the board show now (GET /api/menu, the first screens): kept 10 s. */
export function shopMenu(db: Kysely<Database>, settings: Settings, now: () => number): Promise<MenuEntry[]> {
  let cache = menus.get(db);
  if (!cache) menus.set(db, (cache = new TtlCache(10_000, now, 1)));
  return cache.get('', async () =>
    shownEntries(settings.menu.entries, await entriesOnSale(db, settings, now())),
  );
}
