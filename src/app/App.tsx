import { DirectionProvider, MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router-dom';
import { directionOf } from '../i18n/index.ts';
import { session } from '../state/session.ts';
import { cssVariablesResolver, theme } from '../ui/theme.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <DirectionProvider initialDirection={directionOf(session.locale)} detectDirection>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
      </MantineProvider>
    </DirectionProvider>
  );
}
