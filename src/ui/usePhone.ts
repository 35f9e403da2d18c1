import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from './breakpoints.ts';

export { PHONE_QUERY };

/**
 * Whether the screen is a phone's. Decided on the first render (the shop renders in the browser only):
 * a layout that changed right after mounting would move the seat map's canvas under it.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
