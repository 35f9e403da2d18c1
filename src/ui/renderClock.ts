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

let phone: boolean | null = null;

/**
 * Pins the screen a page is drawn for, a phone's or not: the box office cannot measure the screen, so it
 * draws for what the browser says it is (server/http/shopPages.ts), and the browser's first render
 * draws the same; the real screen's layout follows at once if the guess was wrong (src/ui/usePhone.ts).
 */
export function pinRenderScreen(isPhone: boolean | null): void {
  phone = isPhone;
}

/** The screen the render is for, when pinned: a drawn page's first render. */
export function renderPhone(): boolean | null {
  return phone;
}
