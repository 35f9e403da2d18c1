import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { easeInOut, scrollPageTo, type ScrollEnv } from './scroll.ts';
import { SCROLL_MS } from './timing.ts';

/** A page driven by fake timers: a frame every 16 ms. */
function fakePage(startY: number, reduced = false) {
  let y = startY;
  const ys: number[] = [];
  const env: ScrollEnv = {
    now: () => Date.now(),
    frame: (run) => void setTimeout(run, 16),
    currentY: () => y,
    scrollTo: (top) => {
      y = top;
      ys.push(top);
    },
    reducedMotion: () => reduced,
  };
  return { env, ys, y: () => y };
}

describe('scrollPageTo (spec section 9: 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('eases from start to end', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.25)).toBeLessThan(0.25);
  });

  it('takes 500 ms to arrive, moving a little every frame', async () => {
    const page = fakePage(1000);
    const done = scrollPageTo(0, page.env);
    await vi.advanceTimersByTimeAsync(SCROLL_MS / 2);
    expect(page.y()).toBeGreaterThan(0);
    expect(page.y()).toBeLessThan(1000);
    await vi.advanceTimersByTimeAsync(SCROLL_MS / 2 - 20);
    expect(page.y()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(40);
    await done;
    expect(page.y()).toBe(0);
    expect(page.ys.length).toBeGreaterThan(20);
    // Never back and forth.
    expect(page.ys.every((v, i) => i === 0 || v <= page.ys[i - 1]!)).toBe(true);
  });

  it('jumps at once when the customer prefers reduced motion', async () => {
    const page = fakePage(800, true);
    await scrollPageTo(120, page.env);
    expect(page.ys).toEqual([120]);
  });

  it('lets a newer scroll take over', async () => {
    const page = fakePage(0);
    const first = scrollPageTo(1000, page.env);
    await vi.advanceTimersByTimeAsync(100);
    const second = scrollPageTo(0, page.env);
    await vi.advanceTimersByTimeAsync(SCROLL_MS + 50);
    await Promise.all([first, second]);
    expect(page.y()).toBe(0);
  });
});
