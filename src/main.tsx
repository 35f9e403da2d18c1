// Mantine's global sheets; each component's own comes with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './print.css';
import { installChunkReload } from './app/chunkReload.ts';
import { chooseLocale, initI18n, preloadMessages, savedLocale } from './i18n/index.ts';
import { takePageData } from './ssr/pageData.ts';
import { partnerQuery } from './state/partnerContext.ts';
import { seedPreloaded } from './ui/preloaded.ts';
import { pinRenderScreen, pinRenderTime } from './ui/renderClock.ts';
import { api } from './api/endpoints.ts';
import { restoreCart } from './state/cart.ts';
import { restorePurchase } from './state/purchase.ts';
import { refreshCustomer } from './state/customer.ts';
import { setLocale, startSession } from './state/session.ts';

/**
 * The rest of the shop, as modules evaluated each in a task of its own: React's DOM renderer, then the
 * shell (the app, its router, its Mantine parts). Evaluated with this file as one graph they were one
 * task of 50–130 ms on a desktop, before the page could answer a tap (issue 41).
 */
const loadShell = () => import('react-dom/client').then(() => import('./app/shell.tsx'));

async function boot(): Promise<void> {
  const container = document.getElementById('root') as HTMLElement;
  // A page the box office drew with React (server/http/seo/pageRender.ts) is hydrated, not drawn again;
  // it drew it for a customer without a partner's context: one who came through a mini-site or an
  // integration (their prices may differ) gets the page drawn afresh, with their own answers.
  const anyone = Object.keys(partnerQuery()).length === 0;
  const serverDrawn = container.hasAttribute('data-ssr') && anyone;
  installChunkReload();
  // What the box office drew the page with: the first render draws the same (App unpins the time).
  const pageData = takePageData();
  if (pageData && anyone) {
    seedPreloaded(pageData.answers);
    pinRenderTime(pageData.now);
    pinRenderScreen(pageData.phone ?? null);
  }
  // A drawn page is hydrated in the language the box office drew it in (the asked one, the saved one, or
  // its own: an e-ticket's order's); any other page in the asked one, else the saved one.
  const preferred = serverDrawn ? document.documentElement.lang : savedLocale();
  // The likely locale's messages load while the session call is in flight (the choice itself needs the
  // venue's settings): the asked one, else the preferred one, else the document's (the venue's default).
  preloadMessages(
    new URLSearchParams(window.location.search).get('language') ?? preferred ?? document.documentElement.lang,
  );
  // The page's code loads beside the session call (it waits for the texts by itself).
  const shellReady = loadShell();
  const routerReady = shellReady.then((shell) => shell.createShopRouter());
  try {
    const settings = await startSession();
    const choice = chooseLocale(
      window.location.search,
      settings.locales.enabled,
      settings.locales.default,
      preferred,
    );
    await initI18n(choice.locale, settings.locales.fallback);
    setLocale(choice.locale);
    const router = await routerReady;
    // What is this customer's alone (their name, their cart): the box office drew the page for anyone,
    // so a hydrated page asks for it now and shows it once hydrated; a page drawn here asks at once.
    const asked = serverDrawn ? { customer: api.refreshCustomer(), cart: api.loadCart() } : null;
    // Read once hydrated (an answer that fails is handled there, not lost meanwhile).
    void asked?.customer.catch(() => undefined);
    void asked?.cart.catch(() => undefined);
    const personal = () => {
      restorePurchase();
      void refreshCustomer(asked?.customer);
      void restoreCart(asked?.cart);
    };
    const shell = await shellReady;
    if (!serverDrawn) personal();
    shell.startShop(container, router, serverDrawn, serverDrawn ? personal : undefined);
  } catch (error) {
    await initI18n('he', 'he').catch(() => undefined);
    // (A shell that could not load leaves the page as it is: installChunkReload may reload it.)
    await shellReady.then(
      (shell) => shell.showBootFailure(container, error),
      () => undefined,
    );
  }
}

void boot();
