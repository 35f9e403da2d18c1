import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  // Spec section 9: mobile 600, tablet 900, laptop 1250, desktop beyond.
  breakpoints: { xs: '37.5em', sm: '56.25em', md: '78.125em', lg: '90em', xl: '100em' },
});
