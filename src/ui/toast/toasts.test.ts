import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '../timing.ts';
import { currentToasts, dismissToast, showToast, subscribeToasts, toastDrawn } from './toasts.ts';

describe('toasts (spec section 9: 3,000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of currentToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('shows a toast for 3,000 ms from when it is drawn, and then takes it away', () => {
    const seen = vi.fn();
    const stop = subscribeToasts(seen);
    const id = showToast({ key: 'order.stillHeld' });
    expect(currentToasts()).toMatchObject([{ key: 'order.stillHeld' }]);
    // The viewport's chunk took a while to come: the time has not started.
    vi.advanceTimersByTime(TOAST_MS * 2);
    expect(currentToasts()).toHaveLength(1);
    toastDrawn(id);
    vi.advanceTimersByTime(1000);
    toastDrawn(id); // a redraw does not restart it
    vi.advanceTimersByTime(TOAST_MS - 1001);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
    expect(seen).toHaveBeenCalledTimes(2);
    stop();
  });

  it('times each toast on its own, and a closed one does not come back', () => {
    const first = showToast({ key: 'a' });
    toastDrawn(first);
    vi.advanceTimersByTime(1000);
    toastDrawn(showToast({ key: 'b', color: 'teal' }));
    dismissToast(first);
    toastDrawn(first);
    expect(currentToasts().map((t) => t.key)).toEqual(['b']);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(currentToasts().map((t) => t.key)).toEqual(['b']);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });

  it('keeps one array between changes (a stable snapshot for React)', () => {
    showToast({ key: 'a' });
    expect(currentToasts()).toBe(currentToasts());
  });
});
