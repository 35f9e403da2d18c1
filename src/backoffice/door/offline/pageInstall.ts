import { PRECACHE_MESSAGE, SW_SCOPE, SW_URL } from './swRules.ts';

/** The door's web app manifest (public/door.webmanifest): the page can be added to a phone's home screen. */
const MANIFEST_URL = '/door.webmanifest';
const THEME_COLOUR = '#2f9e44';

function headElement(tag: 'link' | 'meta', attributes: Record<string, string>): () => void {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
  return () => element.remove();
}

/**
 * What the door page adds while it is open: the manifest link (installable) and the service worker
 * (sw.ts, scope /door: the page opens with the network cut). Only the door page calls it, so the shop's
 * pages neither link the manifest nor register the worker. Returns what undoes the links.
 */
export function installDoorPage(): () => void {
  const undo = [
    headElement('link', { rel: 'manifest', href: MANIFEST_URL }),
    headElement('meta', { name: 'theme-color', content: THEME_COLOUR }),
  ];
  // The development server has no built worker (and its modules change under it).
  if (import.meta.env.PROD && 'serviceWorker' in navigator)
    navigator.serviceWorker
      .register(SW_URL, { scope: SW_SCOPE })
      .then(() => keepLoadedFiles())
      .catch(() => undefined);
  return () => undo.forEach((u) => u());
}

/**
 * Asks the worker to keep the files this page loaded before the worker controlled it (the first visit
 * loads everything before the worker exists); what the page loads afterwards it keeps as it passes.
 */
export async function keepLoadedFiles(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
  registration.active?.postMessage({ type: PRECACHE_MESSAGE, urls });
}
