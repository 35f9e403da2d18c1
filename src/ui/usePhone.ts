import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from './breakpoints.ts';
import { renderPhone } from './renderClock.ts';

export { PHONE_QUERY };

/**
 * Whether the screen is a phone's. Decided on the first render: a layout that changed right after
 * mounting would move the seat map's canvas under it. A page the box office drew (issue 39) is first
 * drawn for the screen it was drawn for (renderClock.ts), so hydration finds the same page; the real
 * screen's answer follows in an effect, and changes nothing when the guess was right.
 */
export function usePhone(): boolean {
  const pinned = renderPhone();
  return (
    useMediaQuery(PHONE_QUERY, pinned ?? undefined, { getInitialValueInEffect: pinned !== null }) ?? false
  );
}
