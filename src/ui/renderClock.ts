/**
 * The time a page is drawn at. The box office renders a page at its own moment and the browser hydrates
 * it a little later; what the page shows of "now" (today's date, the time the board's times are from)
 * must be the server's in both renders, or hydration would find a different page. After the first
 * render in the browser it is the real time again.
 */
let pinned: number | null = null;

/** Pins "now" for the render to come (the server's, given to the browser with the page). */
export function pinRenderTime(now: number | null): void {
  pinned = now;
}

/** "Now" for what a render shows. */
export function renderNow(): number {
  return pinned ?? Date.now();
}
