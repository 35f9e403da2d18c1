import type { MenuEntry } from '../api/contract/session.ts';
import { paths } from '../routing/paths.ts';

/**
 * The header menu (issue 35): the board, then the ways to what is sold besides seats. The shop, the box
 * office's first screen (server/http/seo/prepaint.ts) and the board draw the same entries, in the same
 * order, to the same pages.
 */

/** Each entry's page. */
export const MENU_PATHS: Readonly<Record<MenuEntry, string>> = {
  giftCards: paths.digital,
  memberships: paths.membership,
  donations: paths.donations,
  watchAtHome: paths.digitalPresentation,
};

/** The menu's own entry for the board, first whenever the menu shows. */
export const BOARD_PATH = paths.index;

/**
 * The entries shown: the venue's (settings.menu.entries, in its order, each once) that have something
 * for sale now.
 */
export function shownEntries(configured: readonly MenuEntry[], onSale: ReadonlySet<MenuEntry>): MenuEntry[] {
  return [...new Set(configured)].filter((e) => onSale.has(e));
}

/**
 * The entry a page belongs to, for `aria-current`: the board at / and /order, an entry on its page and
 * under it (a membership's order belongs to memberships); null elsewhere.
 */
export function currentEntry(pathname: string): MenuEntry | 'board' | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === BOARD_PATH || path === paths.order) return 'board';
  // The longest page first: /digital/Presentation is watch at home, not gift cards.
  const byLength = (Object.entries(MENU_PATHS) as [MenuEntry, string][]).sort(
    (a, b) => b[1].length - a[1].length,
  );
  for (const [entry, page] of byLength) if (path === page || path.startsWith(`${page}/`)) return entry;
  return null;
}
