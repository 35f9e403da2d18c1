/**
 * Spec section 9's breakpoints: mobile up to 600 px, tablet 900, laptop 1250, desktop beyond. The theme
 * (theme.ts, Mantine's xs/sm/md) and every media query take them from here; CSS modules write the same
 * values in em (checked by breakpoints.test.ts).
 */
export const BREAKPOINTS_PX = { mobile: 600, tablet: 900, laptop: 1250 } as const;

/** A width in em (Mantine's unit for breakpoints: it follows the browser's font size). */
export const em = (px: number): string => `${px / 16}em`;

/** Narrow screens (a phone held upright): 600 px and less. */
export const PHONE_QUERY = `(max-width: ${em(BREAKPOINTS_PX.mobile)})`;
