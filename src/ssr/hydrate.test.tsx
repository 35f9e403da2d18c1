import i18next from 'i18next';
import { act } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import type { Locale } from '../api/contract/common.ts';
import type { PresentationsAnswer } from '../api/contract/presentations.ts';
import type { MenuEntry, Settings } from '../api/contract/session.ts';
import { App } from '../app/App.tsx';
import { shopRoutes } from '../app/routes.tsx';
import { configureVenue } from '../i18n/format.ts';
import { localePart } from '../i18n/localeParts.ts';
import { session } from '../state/session.ts';
import { seedPreloaded } from '../ui/preloaded.ts';
import { pinRenderScreen, pinRenderTime } from '../ui/renderClock.ts';
import { createTestApp, type TestApp, visitor } from '../../server/testing/harness.ts';
import { boardKey, edocumentKey, LIST_KEYS, orderKey, type PageData } from './pageData.ts';
import { CheckoutCompletedSchema } from '../api/contract/checkout.ts';
import { commit, seatShop } from '../../server/testing/checkout.ts';
import { renderPage } from './renderPage.tsx';
import { localeMessages, venueOf } from './testing.ts';

/**
 * The browser's first render of a page the box office drew (issue 39) finds exactly the server's HTML:
 * hydration recovers from nothing and changes nothing. The browser's boot (main.tsx) in jsdom: the same
 * answers, time, texts and settings, the page's lazy route loaded first, then hydrateRoot.
 */
describe('hydrating a page the box office drew', () => {
  let t: TestApp;
  let settings: Settings;
  let menu: MenuEntry[];
  const messages = localeMessages;
  /** The pages drawn, each as the box office drew it, with what it was drawn with. */
  const cases: { name: string; url: string; locale: Locale; data: PageData; core: boolean; html: string }[] =
    [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    let board: PresentationsAnswer;
    ({ settings, menu, board } = await venueOf(t));
    const get = async (url: string) => (await t.app.inject({ url })).json<unknown>();
    const now = t.clock.now();
    const movie = board.presentations.find((p) => !p.isVod && p.saleStatus === 'open')!;
    const order = {
      presentation: await get(`/api/presentations/${movie.id}`),
      prices: await get(`/api/presentations/${movie.id}/ticketGroups`),
    };
    // An order's e-ticket (its key authorises it).
    const shop = await seatShop(t);
    const me = visitor();
    const bought = await commit(t.app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, 2)));
    const { documentKey } = CheckoutCompletedSchema.parse(bought.json());
    const pages = [
      { name: 'the events board (en)', url: '/', locale: 'en', answers: { [boardKey(null)]: board } },
      {
        name: 'the events board (he, phone)',
        url: '/',
        locale: 'he',
        phone: true,
        answers: { [boardKey(null)]: board },
      },
      {
        name: 'an order page (he, phone)',
        url: `/order/${movie.id}`,
        locale: 'he',
        phone: true,
        answers: { [orderKey(movie.id)]: order },
      },
      {
        name: 'an order page (en)',
        url: `/order/${movie.id}`,
        locale: 'en',
        answers: { [orderKey(movie.id)]: order },
      },
      {
        name: 'the voucher shop (en, phone)',
        url: '/digital',
        locale: 'en',
        phone: true,
        answers: { [LIST_KEYS.vouchers]: await get('/api/system-vouchers/for-sale') },
      },
      {
        name: 'the donations (he)',
        url: '/donations',
        locale: 'he',
        answers: { [LIST_KEYS.donations]: await get('/api/donations') },
      },
      {
        name: 'the memberships (ar, phone)',
        url: '/membership',
        locale: 'ar',
        phone: true,
        answers: { [LIST_KEYS.memberships]: await get('/api/memberships') },
      },
      { name: 'the 404 page (he)', url: '/no-such-page', locale: 'he', answers: {} },
      {
        name: 'an e-ticket (en, phone)',
        url: `/edocument/${documentKey}`,
        locale: 'en',
        phone: true,
        answers: { [edocumentKey(documentKey)]: await get(`/api/edocument/${documentKey}`) },
      },
    ] as const;
    // The box office's renders first, in Node as on the server: no window, no document.
    for (const page of pages) {
      const data: PageData = { answers: page.answers, now, phone: 'phone' in page && page.phone };
      const drawn = await renderPage({
        url: page.url,
        locale: page.locale,
        settings,
        menu,
        messages: messages(page.locale),
        data,
      });
      if (drawn.kind !== 'page') throw new Error('not a page');
      cases.push({
        name: page.name,
        url: page.url,
        locale: page.locale,
        data,
        core: page.url === '/',
        html: drawn.html,
      });
    }
    // A browser for the hydration only, once the box office has answered and drawn (its database and
    // streams would not run on jsdom's globals, and its renders must see no window).
    const jsdom = await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { url: 'http://shop.test/' } });
    restore = () => void jsdom.teardown(globalThis);
    const win = globalThis as unknown as Record<string, unknown>;
    // The board shows its days a few at a time as the customer scrolls (useIncremental.ts).
    win.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    };
    // Mantine asks for the colour scheme; jsdom has no media queries.
    win.matchMedia = (media: string) => ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    });
    win.IS_REACT_ACT_ENVIRONMENT = true;
  });
  let restore: () => void = () => undefined;
  afterAll(async () => {
    restore();
    await t.close();
  });

  it.each([
    'the events board (en)',
    'the events board (he, phone)',
    'an order page (he, phone)',
    'an order page (en)',
    'the voucher shop (en, phone)',
    'the donations (he)',
    'the memberships (ar, phone)',
    'the 404 page (he)',
    'an e-ticket (en, phone)',
  ])('%s', async (name) => {
    const { url, locale, data, core, html } = cases.find((c) => c.name === name)!;
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.replaceChildren(container);

    // The browser's boot (main.tsx): the page's data, the texts, the session, the route loaded first.
    seedPreloaded(data.answers);
    pinRenderTime(data.now);
    pinRenderScreen(data.phone ?? null);
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: locale,
      // The board's page waits for no more than the locale's core texts (src/i18n/localeParts.ts).
      resources: {
        [locale]: { translation: core ? localePart(messages(locale), 'core') : messages(locale) },
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    configureVenue(settings);
    session.settings = settings;
    session.menu = menu;
    session.locale = locale;
    const routes = shopRoutes({ shop: () => Promise.resolve(), staff: () => Promise.resolve() });
    for (const { route } of matchRoutes(routes, url) ?? [])
      if (typeof route.lazy === 'function')
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    const router = createMemoryRouter(routes, { initialEntries: [url] });

    // Loaded with a document in place, as in a browser.
    const { hydrateRoot } = await import('react-dom/client');
    const errors: string[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <App>
          <RouterProvider router={router} />
        </App>,
        { onRecoverableError: (error) => errors.push(String((error as Error).message ?? error)) },
      );
    });
    expect(errors).toEqual([]);
    // Hydrated and then at the real screen's layout, what it shows is still the page drawn.
    expect(container.textContent?.length).toBeGreaterThan(0);
    // Its timers (Mantine's, the page's) end with it, before the browser's globals go.
    await act(async () => root?.unmount());
  });
});
