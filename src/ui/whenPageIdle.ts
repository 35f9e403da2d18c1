import { PREFETCH_IDLE_MS } from './timing.ts';

type IdleWindow = Pick<Window, 'setTimeout' | 'clearTimeout' | 'addEventListener' | 'removeEventListener'> & {
  requestIdleCallback?: (run: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Runs `run` once the page has been idle PREFETCH_IDLE_MS (spec section 9: link prefetch idle timeout):
 * no navigation and no scrolling for that long, then in the browser's next idle period
 * (requestIdleCallback, or at once where there is none). Scrolling starts the wait over, and
 * runs it again afterwards: other links may have come into view. Returns the stop.
 */
export function whenPageIdle(run: () => void, w: IdleWindow = window): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const cancel = () => {
    if (timer !== undefined) w.clearTimeout(timer);
    if (idle !== undefined) w.cancelIdleCallback?.(idle);
    timer = idle = undefined;
  };
  const arm = () => {
    cancel();
    timer = w.setTimeout(() => {
      timer = undefined;
      if (typeof w.requestIdleCallback === 'function') idle = w.requestIdleCallback(run, { timeout: 1000 });
      else run();
    }, PREFETCH_IDLE_MS);
  };
  arm();
  w.addEventListener('scroll', arm, { passive: true });
  return () => {
    cancel();
    w.removeEventListener('scroll', arm);
  };
}
