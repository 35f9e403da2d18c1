import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App } from './App.tsx';
import { BootFailure } from './BootFailure.tsx';
import type { createShopRouter } from './router.tsx';

export { createShopRouter } from './router.tsx';

/**
 * The shop's shell, loaded by the boot (src/main.tsx) after React's DOM renderer: the app around its
 * router, and the error page for a shop that could not start. A module of its own, so the browser
 * evaluates it in a task of its own (issue 41).
 */
export function startShop(
  container: HTMLElement,
  router: Awaited<ReturnType<typeof createShopRouter>>,
  serverDrawn: boolean,
  onFirstRender: (() => void) | undefined,
): void {
  const shop = (
    <StrictMode>
      <App onFirstRender={onFirstRender}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // As a transition the first render (or hydration) yields to the browser every few milliseconds
  // instead of holding the main thread for the whole tree (one long task on a phone: blocking time).
  if (serverDrawn) {
    startTransition(() => void hydrateRoot(container, shop));
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(shop));
}

export function showBootFailure(container: HTMLElement, error: unknown): void {
  createRoot(container).render(<BootFailure error={error} />);
}
