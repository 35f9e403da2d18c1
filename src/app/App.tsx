import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { directionOf } from '../i18n/index.ts';
import { session } from '../state/session.ts';
import { pinRenderScreen, pinRenderTime } from '../ui/renderClock.ts';
import { cssVariablesResolver, theme } from '../ui/theme.ts';

/** The shop around its router: the browser's (main.tsx) or the box office's (src/ssr/renderPage.tsx). */
export function App({ children, onFirstRender }: { children: ReactNode; onFirstRender?: () => void }) {
  // The first render drew the page at the box office's moment and for its screen (renderClock.ts); later
  // ones at their own.
  useEffect(() => {
    pinRenderTime(null);
    pinRenderScreen(null);
    // The shop answers now (a page the box office drew is hydrated): `#root[data-ready]`.
    document.getElementById('root')?.setAttribute('data-ready', '');
    onFirstRender?.();
    // Once: the first render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DirectionProvider initialDirection={directionOf(session.locale)} detectDirection>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
