import { useMediaQuery } from '@mantine/hooks';

/** Narrow screens (a phone held upright): 600 px and less. */
export const PHONE_QUERY = '(max-width: 37.5em)';

/**
 * Whether the screen is a phone's. Decided on the first render (the shop renders in the browser only):
 * a layout that changed right after mounting would move the seat map's canvas under it.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
