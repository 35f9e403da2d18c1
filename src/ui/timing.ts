/**
 * Spec section 9's timing constants, each in one place. Plain numbers without zod or React: the shell and
 * the events board import this module, and it must not add to their JavaScript.
 */

/** A loading state, once on screen, stays at least this long (no flicker). */
export const FETCH_MIN_DELAY_MS = 200;
/** After the page has been idle this long, the lazy route chunks of links in view are prefetched. */
export const PREFETCH_IDLE_MS = 2_000;
/** A notice toast (top-centre) goes after this long. */
export const TOAST_MS = 3_000;
/** An order flow idle this long (no pointer, key or touch) asks whether the customer is still there. */
export const IDLE_PROMPT_MS = 300_000;
/** Scrolling an element into view takes this long (none when the customer prefers reduced motion). */
export const SCROLL_MS = 500;

/**
 * An answer that comes within one frame of its load never showed the loading state (the browser had
 * not painted it yet): it lands at once.
 */
export const FIRST_FRAME_MS = 16;

/**
 * How long to hold back an answer that came `elapsed` ms after its load began: a loading state is
 * either never painted (an answer within the first frame, such as a cached or inlined one) or stays
 * on screen at least FETCH_MIN_DELAY_MS. Errors follow the same rule: the indicator stops all the same.
 */
export function holdBackMs(elapsed: number): number {
  if (elapsed < FIRST_FRAME_MS) return 0;
  return Math.max(0, FETCH_MIN_DELAY_MS - elapsed);
}
