import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { Locale } from '../api/contract/common.ts';
import type { MenuEntry, Settings } from '../api/contract/session.ts';
import { App } from '../app/App.tsx';
import { shopRoutes } from '../app/routes.tsx';
import { configureVenue } from '../i18n/format.ts';
import { session } from '../state/session.ts';
import { forgetPreloaded, seedPreloaded } from '../ui/preloaded.ts';
import { pinRenderScreen, pinRenderTime } from '../ui/renderClock.ts';
import type { PageData } from './pageData.ts';

/** What the box office renders a page with: the same the browser's first render has (main.tsx). */
export interface RenderInput {
  /** The page's path and query, as asked. */
  url: string;
  locale: Locale;
  settings: Settings;
  menu: readonly MenuEntry[];
  /** Every text of the locale (the server has them all; the browser loads what the page needs). */
  messages: Record<string, unknown>;
  data: PageData;
}

export type Rendered =
  | { kind: 'page'; html: string }
  /** The route answered with a redirect (none of the shop's do today; a loader may). */
  | { kind: 'redirect'; status: number; location: string };

// Every text is there on the server: no page waits for the rest of a locale.
const { query, dataRoutes } = createStaticHandler(
  shopRoutes({ shop: () => Promise.resolve(), staff: () => Promise.resolve() }),
);

const instances = new Map<string, I18n>();

/** i18next for one locale's texts, made once per locale and texts (the browser's options: i18n/index.ts). */
function i18nFor(locale: Locale, messages: Record<string, unknown>): I18n {
  const cached = instances.get(locale);
  if (cached && cached.getResourceBundle(locale, 'translation') === messages) return cached;
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: locale,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instances.set(locale, instance);
  return instance;
}

/**
 * A page of the shop rendered by the box office with React (issue 39): the same components, router and
 * texts as in the browser, which hydrates it. The render itself is synchronous, so the shop's
 * module-level state it reads (the session's settings and language, the preloaded answers, the pinned
 * time) is set for this page alone, just before, and let go just after.
 */
export async function renderPage(input: RenderInput): Promise<Rendered> {
  // Loads the page's own module (the router's lazy routes) before the synchronous render.
  const context = await query(new Request(new URL(input.url, 'http://shop.invalid')));
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  const router = createStaticRouter(dataRoutes, context);
  const i18n = i18nFor(input.locale, input.messages);

  configureVenue(input.settings);
  session.settings = input.settings;
  session.menu = [...input.menu];
  session.locale = input.locale;
  seedPreloaded(input.data.answers);
  pinRenderTime(input.data.now);
  pinRenderScreen(input.data.phone ?? false);
  try {
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <App>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </I18nextProvider>,
    );
    return { kind: 'page', html };
  } finally {
    forgetPreloaded();
    pinRenderTime(null);
    pinRenderScreen(null);
  }
}
