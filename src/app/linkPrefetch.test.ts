import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_IDLE_MS } from '../ui/timing.ts';
import { whenPageIdle } from '../ui/whenPageIdle.ts';
import { loadersFor } from './linkPrefetch.ts';

/** A window of fake timers, with or without requestIdleCallback. */
function fakeWindow(withIdleCallback: boolean) {
  const events = new EventTarget();
  const idle = vi.fn((run: () => void) => setTimeout(run, 5) as unknown as number);
  return {
    w: {
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) as unknown as number,
      clearTimeout: (id: number | undefined) => clearTimeout(id),
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      ...(withIdleCallback
        ? { requestIdleCallback: idle, cancelIdleCallback: (id: number) => clearTimeout(id) }
        : {}),
    } as unknown as Parameters<typeof whenPageIdle>[1],
    idle,
    scroll: () => events.dispatchEvent(new Event('scroll')),
  };
}

describe('whenPageIdle (spec section 9: link prefetch after 2,000 ms idle)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 2 s, then the browser’s idle period', () => {
    const { w, idle } = fakeWindow(true);
    const run = vi.fn();
    const stop = whenPageIdle(run, w);
    vi.advanceTimersByTime(PREFETCH_IDLE_MS - 1);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
  });

  it('falls back to a timer without requestIdleCallback', () => {
    const { w } = fakeWindow(false);
    const run = vi.fn();
    const stop = whenPageIdle(run, w);
    vi.advanceTimersByTime(PREFETCH_IDLE_MS);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts the wait over while the customer scrolls, and never runs once stopped', () => {
    const { w, scroll } = fakeWindow(false);
    const run = vi.fn();
    const stop = whenPageIdle(run, w);
    vi.advanceTimersByTime(1500);
    scroll();
    vi.advanceTimersByTime(1500);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
    scroll();
    vi.advanceTimersByTime(PREFETCH_IDLE_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('loadersFor', () => {
  it('names the lazy loaders of the routes links open, each once', () => {
    const order = vi.fn();
    const board = vi.fn();
    const tree = [
      {
        path: '/',
        children: [
          { index: true, lazy: board },
          { path: 'order/:id', lazy: order },
        ],
      },
    ];
    expect(loadersFor(['/order/5', '/order/6', '/nowhere'], tree)).toEqual([order]);
    expect(loadersFor(['/order/7'], tree)).toEqual([]);
    expect(loadersFor(['/'], tree)).toEqual([board]);
  });
});
