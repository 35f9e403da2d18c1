// Mantine's global sheets; each component's own comes with the chunk that uses it (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './print.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installChunkReload } from './app/chunkReload.ts';
import { BootFailure } from './app/BootFailure.tsx';
import { applyDeferredStyles, dismissPrepaint } from './ui/prepaint.ts';
import { chooseLocale, initI18n, preloadMessages, savedLocale } from './i18n/index.ts';
import { restoreCart } from './state/cart.ts';
import { refreshCustomer } from './state/customer.ts';
import { setLocale, startSession } from './state/session.ts';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  installChunkReload();
  // The likely locale's messages load while the session call is in flight (the choice itself needs the
  // venue's settings): the asked one, else the saved one, else the document's (the venue's default).
  preloadMessages(
    new URLSearchParams(window.location.search).get('language') ??
      savedLocale() ??
      document.documentElement.lang,
  );
  try {
    const settings = await startSession();
    const choice = chooseLocale(
      window.location.search,
      settings.locales.enabled,
      settings.locales.default,
      savedLocale(),
    );
    await initI18n(choice.locale, settings.locales.fallback);
    setLocale(choice.locale);
    void refreshCustomer();
    void restoreCart();
    // As a transition the first render yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (one long task on a phone: total blocking time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  } catch (error) {
    await initI18n('he', 'he').catch(() => undefined);
    dismissPrepaint();
    root.render(<BootFailure error={error} />);
  }
}

// Behind the box office's first screen of the board, the shop's stylesheets were left out of the first
// paint; the shop renders with them. That screen gives way when the page is drawn, never later than this.
applyDeferredStyles();
setTimeout(dismissPrepaint, 15_000);
void boot();
