import { MantineProvider } from '@mantine/core';
import { ErrorView } from './ErrorPage.tsx';
import { cssVariablesResolver, theme } from '../ui/theme.ts';

/** The shop could not start (the box office did not answer): the error page, without the router. */
export function BootFailure({ error }: { error: unknown }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ErrorView error={error} />
    </MantineProvider>
  );
}
