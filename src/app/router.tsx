import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { localeReady, staffTextsReady } from '../i18n/index.ts';
import { shopRoutes } from './routes.tsx';

let made: RouteObject[] | null = null;

/**
 * The shop's routes in the browser: a page waits for the rest of the customer's texts (localeReady), a
 * staff page for the staff's too (staffTextsReady).
 * Made on first use, not as this module loads: the layout's link prefetch imports it (a cycle).
 */
export function routes(): RouteObject[] {
  made ??= shopRoutes({ shop: localeReady, staff: staffTextsReady });
  return made;
}

/**
 * The browser's router. A page the box office rendered is hydrated: the lazy routes it shows are loaded
 * first, so the first render in the browser is the page the server sent, not a loading state.
 */
export async function createShopRouter(): Promise<ReturnType<typeof createBrowserRouter>> {
  const shown = matchRoutes(routes(), window.location) ?? [];
  await Promise.all(
    shown.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      // A page that fails to load stays lazy: the router tries again and shows its error page.
      const loaded = await route.lazy().catch(() => null);
      if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes());
}
