import type { TFunction } from 'i18next';
import type { MenuEntry } from '../api/contract/session.ts';
import { BOARD_PATH, MENU_PATHS } from '../domain/menu.ts';

/** One link of the header menu: the board or one of the venue's entries (src/domain/menu.ts). */
export interface MenuItem {
  key: MenuEntry | 'board';
  to: string;
  label: string;
}

/**
 * The header menu's links in the page's language: the board first, then the entries for sale now
 * (session.menu). None when nothing but seats is for sale: then the header has no menu at all.
 */
export function menuItems(t: TFunction, entries: readonly MenuEntry[]): MenuItem[] {
  if (entries.length === 0) return [];
  return [
    { key: 'board', to: BOARD_PATH, label: t('nav.board') },
    ...entries.map((e) => ({ key: e, to: MENU_PATHS[e], label: t(`nav.${e}`) })),
  ];
}
