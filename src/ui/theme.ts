import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { BREAKPOINTS_PX, em } from './breakpoints.ts';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  // Spec section 9: mobile 600, tablet 900, laptop 1250, desktop beyond (lg and xl: Mantine's own).
  breakpoints: {
    xs: em(BREAKPOINTS_PX.mobile),
    sm: em(BREAKPOINTS_PX.tablet),
    md: em(BREAKPOINTS_PX.laptop),
    lg: '90em',
    xl: '100em',
  },
});

/**
 * Mantine's `dimmed` text is gray 6 (#868e96): 3.3:1 on white, under WCAG AA's 4.5:1 for body text.
 * #5f666d keeps it visibly secondary at 5.8:1 on white and ≥ 4.9:1 on Mantine's light grey and
 * violet backgrounds.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f666d' },
  dark: {},
});
