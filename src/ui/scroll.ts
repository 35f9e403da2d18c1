import { SCROLL_MS } from './timing.ts';

/** What a scroll animation needs of the page; the browser's by default, a fake one in tests. */
export interface ScrollEnv {
  now(): number;
  frame(run: () => void): void;
  currentY(): number;
  scrollTo(top: number): void;
  reducedMotion(): boolean;
}

/** Ease in and out over 0..1: starts and ends gently. */
export function easeInOut(p: number): number {
  const x = Math.min(1, Math.max(0, p));
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
}

/** The header over the page (AppShell header, 60 px) and a little air, kept above a scrolled-to element. */
const HEADER_GAP_PX = 72;

function browserEnv(): ScrollEnv | null {
  const w = globalThis.window as (Window & typeof globalThis) | undefined;
  if (!w || typeof w.scrollTo !== 'function') return null;
  return {
    now: () => performance.now(),
    // Unit tests stub a window without frames: the scroll then jumps (reducedMotion below).
    frame: (run) => (typeof w.requestAnimationFrame === 'function' ? w.requestAnimationFrame(run) : run()),
    currentY: () => w.scrollY ?? 0,
    scrollTo: (top) => w.scrollTo({ top }),
    reducedMotion: () =>
      typeof w.requestAnimationFrame !== 'function' ||
      typeof w.matchMedia !== 'function' ||
      w.matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
}

let running = 0;

/**
 * Scrolls the page to `top` over SCROLL_MS (spec section 9), or at once when the customer prefers
 * reduced motion. A newer scroll takes over from one under way.
 */
export function scrollPageTo(top: number, env: ScrollEnv | null = browserEnv()): Promise<void> {
  if (!env) return Promise.resolve();
  const target = Math.max(0, top);
  const run = ++running;
  if (env.reducedMotion()) {
    env.scrollTo(target);
    return Promise.resolve();
  }
  const from = env.currentY();
  const start = env.now();
  return new Promise((resolve) => {
    const step = () => {
      if (run !== running) return resolve();
      const p = (env.now() - start) / SCROLL_MS;
      env.scrollTo(Math.round(from + (target - from) * easeInOut(p)));
      if (p >= 1) resolve();
      else env.frame(step);
    };
    env.frame(step);
  });
}

/** Brings an element into view, below the header, over SCROLL_MS. */
export function scrollIntoViewAnimated(el: Element, env: ScrollEnv | null = browserEnv()): Promise<void> {
  if (!env) return Promise.resolve();
  return scrollPageTo(env.currentY() + el.getBoundingClientRect().top - HEADER_GAP_PX, env);
}

/**
 * After a refused form has rendered its messages, brings its first invalid field into view (and gives
 * it the focus without a second jump); the form's alert when no field is marked.
 */
export function scrollToFirstError(root: ParentNode | undefined = globalThis.document): void {
  if (!root || typeof globalThis.window?.requestAnimationFrame !== 'function') return;
  window.requestAnimationFrame(() => {
    const el =
      root.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root.querySelector<HTMLElement>('[role="alert"]');
    if (!el) return;
    void scrollIntoViewAnimated(el);
    if (el.matches('input, select, textarea')) el.focus({ preventScroll: true });
  });
}
