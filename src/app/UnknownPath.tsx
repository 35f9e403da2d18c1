import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isExternalLinkPath } from '../routing/paths.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * A path the router has no page for. An external link (`/http…`, spec section 2) reached inside the shop
 * is loaded in full, so the box office decides where it goes, as it does for a link opened from outside
 * (server/http/externalLinks.ts): the shop never follows one itself. On the page's first load (key
 * `default`) the box office has had its say already, and never answers such a path with the shop
 * (Vite's dev server does): the 404 page then, not a loop.
 */
export function UnknownPath() {
  const { pathname, search, hash, key } = useLocation();
  const reload = isExternalLinkPath(pathname) && key !== 'default';
  useEffect(() => {
    if (reload) window.location.replace(pathname + search + hash);
  }, [reload, pathname, search, hash]);
  return reload ? null : <NotFoundPage />;
}
