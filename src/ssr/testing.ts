import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../api/contract/common.ts';
import type { PresentationsAnswer } from '../api/contract/presentations.ts';
import type { MenuEntry, Settings } from '../api/contract/session.ts';
import type { TestApp } from '../../server/testing/harness.ts';

/** Every text of a locale, as the box office's renderer is given them. */
export function localeMessages(locale: Locale): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '../../locales', `${locale}.json`), 'utf8'),
  ) as Record<string, unknown>;
}

/** What a page is rendered with, as a test box office answers it: settings, menu and the board. */
export async function venueOf(
  t: TestApp,
): Promise<{ settings: Settings; menu: MenuEntry[]; board: PresentationsAnswer }> {
  const get = async <T>(url: string) => (await t.app.inject({ url })).json<T>();
  return {
    settings: await get<Settings>('/api/settings'),
    menu: (await get<{ entries: MenuEntry[] }>('/api/menu')).entries,
    board: await get<PresentationsAnswer>('/api/seats/presentations'),
  };
}
