import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import './print.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installChunkReload } from './app/chunkReload.ts';
import { BootFailure } from './app/BootFailure.tsx';
import { externalTarget } from './routing/paths.ts';
import { chooseLocale, initI18n, LOCALE_STORAGE_KEY } from './i18n/index.ts';
import { restoreCart } from './state/cart.ts';
import { refreshCustomer } from './state/customer.ts';
import { setLocale, startSession } from './state/session.ts';

function savedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A path beginning with /http is an external link (spec section 2).
  const external = externalTarget(window.location.pathname, window.location.search, window.location.hash);
  if (external) {
    window.location.replace(external);
    return;
  }
  installChunkReload();
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
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    await initI18n('he', 'he').catch(() => undefined);
    root.render(<BootFailure error={error} />);
  }
}

void boot();
