import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../api/contract/common.ts';
import type { PresentationsAnswer } from '../api/contract/presentations.ts';
import type { MenuEntry, Settings } from '../api/contract/session.ts';
import { createTestApp, type TestApp } from '../../server/testing/harness.ts';
import { boardKey, LIST_KEYS, orderKey } from './pageData.ts';
import { renderPage } from './renderPage.tsx';
import { localeMessages, venueOf } from './testing.ts';

/**
 * The box office's render of a page with React (issue 39) over the seeded demo: the same components the
 * browser draws, with the venue's real settings, menu and board, in the page's language.
 */
describe('renderPage', () => {
  let t: TestApp;
  let settings: Settings;
  let menu: MenuEntry[];
  let board: PresentationsAnswer;
  const messages = localeMessages;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    ({ settings, menu, board } = await venueOf(t));
  });
  afterAll(() => t.close());

  const render = (url: string, locale: Locale) =>
    renderPage({
      url,
      locale,
      settings,
      menu,
      messages: messages(locale),
      data: { answers: { [boardKey(null)]: board }, now: t.clock.now() },
    });

  it('draws the whole events board from the answer it is given, with showtimes that are links', async () => {
    const page = await render('/', 'en');
    expect(page.kind).toBe('page');
    if (process.env.DUMP_SSR)
      (await import('node:fs')).writeFileSync(process.env.DUMP_SSR, page.kind === 'page' ? page.html : '');
    const html = page.kind === 'page' ? page.html : '';
    expect(html).toContain('<h1');
    expect(html).toContain('Events board');
    // Not a loading state: the features' names and their order links are there.
    const first = board.presentations.find((p) => !p.isVod)!;
    expect(html).toContain(first.title.en!);
    expect(html).toMatch(new RegExp(`href="/order/${first.id}[?"]`));
    expect(html).not.toContain('mantine-Skeleton');
  });

  it('draws an order page’s heading (what, where, when) and the voucher shop’s list', async () => {
    const get = async (url: string) => (await t.app.inject({ url })).json<unknown>();
    const movie = board.presentations.find(
      (p) => !p.isVod && p.saleStatus === 'open' && p.venueName.en === 'Hadar Cinema',
    )!;
    const order = await renderPage({
      url: `/order/${movie.id}`,
      locale: 'en',
      settings,
      menu,
      messages: messages('en'),
      data: {
        answers: {
          [orderKey(movie.id)]: {
            presentation: await get(`/api/presentations/${movie.id}`),
            prices: await get(`/api/presentations/${movie.id}/ticketGroups`),
          },
        },
        now: t.clock.now(),
        phone: false,
      },
    });
    const html = order.kind === 'page' ? order.html : '';
    expect(html).toContain(`>${movie.title.en}</h1>`);
    expect(html).toContain(movie.hallName.en);
    expect(html).toContain('54 Herzl St, Haifa');
    expect(html).toContain(`href="/api/presentations/${movie.id}/calendar.ics?language=en"`);
    const forSale = (await get('/api/system-vouchers/for-sale')) as { vouchers: { name: { en: string } }[] };
    const vouchers = await renderPage({
      url: '/digital',
      locale: 'en',
      settings,
      menu,
      messages: messages('en'),
      data: { answers: { [LIST_KEYS.vouchers]: forSale }, now: t.clock.now(), phone: true },
    });
    expect(vouchers.kind === 'page' && vouchers.html).toContain(forSale.vouchers[0]!.name.en);
    expect(vouchers.kind === 'page' && vouchers.html).not.toContain('mantine-Skeleton');
  });

  it('speaks the page’s language, and a path the shop does not know gets its 404 page', async () => {
    const he = await render('/', 'he');
    expect(he.kind === 'page' && he.html).toContain((messages('he').events as { title: string }).title);
    const missing = await render('/no-such-page', 'en');
    expect(missing.kind === 'page' && missing.html).toContain('data-testid="not-found-page"');
  });
});
