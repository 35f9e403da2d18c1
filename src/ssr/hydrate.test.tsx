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
import { pinRenderTime } from '../ui/renderClock.ts';
import { createTestApp, type TestApp } from '../../server/testing/harness.ts';
import { boardKey, type PageData } from './pageData.ts';
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
  let board: PresentationsAnswer;
  let data: PageData;
  const served = new Map<Locale, string>();
  const messages = localeMessages;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    ({ settings, menu, board } = await venueOf(t));
    data = { answers: { [boardKey(null)]: board }, now: t.clock.now() };
    // The box office's renders first, in Node as on the server: no window, no document.
    for (const locale of ['en', 'he'] as const) {
      const page = await renderPage({ url: '/', locale, settings, menu, messages: messages(locale), data });
      if (page.kind !== 'page') throw new Error('not a page');
      served.set(locale, page.html);
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

  it.each(['en', 'he'] as const)('the events board (%s)', async (locale) => {
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = served.get(locale)!;
    document.body.replaceChildren(container);

    // The browser's boot (main.tsx): the page's data, the texts, the session, the route loaded first.
    seedPreloaded(data.answers);
    pinRenderTime(data.now);
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: locale,
      // The board's page waits for no more than the locale's core texts (src/i18n/localeParts.ts).
      resources: { [locale]: { translation: localePart(messages(locale), 'core') } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    configureVenue(settings);
    session.settings = settings;
    session.menu = menu;
    session.locale = locale;
    const routes = shopRoutes(() => Promise.resolve());
    for (const { route } of matchRoutes(routes, '/') ?? [])
      if (typeof route.lazy === 'function')
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });

    // Loaded with a document in place, as in a browser.
    const { hydrateRoot } = await import('react-dom/client');
    const errors: string[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <App>
          <RouterProvider router={router} />
        </App>,
        { onRecoverableError: (error) => errors.push(String((error as Error).message ?? error)) },
      );
    });
    expect(errors).toEqual([]);
  });
});
