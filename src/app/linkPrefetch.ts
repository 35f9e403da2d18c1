import { matchRoutes, type RouteObject } from 'react-router-dom';

const started = new Set<RouteObject['lazy']>();

/** The lazy loaders of the routes these paths open, each once (a chunk asked for is in the browser's cache). */
export function loadersFor(pathnames: readonly string[], tree: RouteObject[]): (() => unknown)[] {
  const out: (() => unknown)[] = [];
  for (const pathname of pathnames) {
    for (const m of matchRoutes(tree, pathname) ?? []) {
      const lazy = m.route.lazy;
      if (typeof lazy !== 'function' || started.has(lazy)) continue;
      started.add(lazy);
      out.push(lazy as () => unknown);
    }
  }
  return out;
}

/** Paths of this shop's links that are in view now (same origin, not opening elsewhere). */
export function linksInView(doc: Document = document): string[] {
  const height = doc.defaultView?.innerHeight ?? 0;
  const width = doc.defaultView?.innerWidth ?? 0;
  const paths = new Set<string>();
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (a.origin !== doc.location.origin || a.target === '_blank') continue;
    const r = a.getBoundingClientRect();
    if (r.width === 0 || r.bottom < 0 || r.top > height || r.right < 0 || r.left > width) continue;
    paths.add(a.pathname);
  }
  return [...paths];
}

/** Loads the route chunks of the links in view through the router's own lazy loaders. */
export function prefetchLinksInView(routes: RouteObject[]): void {
  for (const load of loadersFor(linksInView(), routes)) Promise.resolve(load()).catch(() => undefined);
}
