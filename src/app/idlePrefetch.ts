import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { whenPageIdle } from '../ui/whenPageIdle.ts';
// A cycle (router → Layout → here → router) that is safe: `routes` is read only once the page is idle.
// Importing the router dynamically instead made the bundler split shared chunks (+3 KB on the board).
import { routes } from './router.tsx';

/**
 * The shell's link prefetch: on every page, once idle, loads the route chunks of the links in view
 * (linkPrefetch.ts, itself loaded only then: it never weighs on a first paint).
 */
export function useIdlePrefetch(): void {
  const { pathname } = useLocation();
  useEffect(
    () =>
      whenPageIdle(() => {
        void import('./linkPrefetch.ts').then((m) => m.prefetchLinksInView(routes())).catch(() => undefined);
      }),
    [pathname],
  );
}
