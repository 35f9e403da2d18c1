// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadedAnswer, seedPreloaded } from './preloaded.ts';
import { FETCH_MIN_DELAY_MS, holdBackMs } from './timing.ts';
import { useAsync } from './useAsync.ts';

/** A load the test answers by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('holdBackMs (minimum fetch delay, spec section 9)', () => {
  it('lets an answer within the first frame through at once, and holds a later one to 200 ms', () => {
    expect(holdBackMs(0)).toBe(0);
    expect(holdBackMs(15)).toBe(0);
    expect(holdBackMs(16)).toBe(184);
    expect(holdBackMs(150)).toBe(50);
    expect(holdBackMs(FETCH_MIN_DELAY_MS)).toBe(0);
    expect(holdBackMs(900)).toBe(0);
  });
});

describe('useAsync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps a shown loading state at least 200 ms for a fast answer', async () => {
    const d = deferred<string>();
    const { result } = renderHook(() => useAsync(() => d.promise, 'k'));
    expect(result.current.status).toBe('loading');
    await act(async () => {
      vi.advanceTimersByTime(50);
      d.resolve('fast');
      await Promise.resolve();
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      vi.advanceTimersByTime(149);
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toMatchObject({ status: 'done', data: 'fast' });
  });

  it('answers at once when the data is there within the first frame (never painted loading)', async () => {
    const { result } = renderHook(() => useAsync(() => Promise.resolve('inlined'), 'k'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current).toMatchObject({ status: 'done', data: 'inlined' });
  });

  it('does not hold back a slow answer, nor an error, past 200 ms', async () => {
    const d = deferred<string>();
    const { result } = renderHook(() => useAsync(() => d.promise, 'k'));
    await act(async () => {
      vi.advanceTimersByTime(400);
      d.reject(new Error('down'));
      await Promise.resolve();
    });
    expect(result.current.status).toBe('error');
  });

  it('drops an answer held back for a key that has changed', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const { result, rerender } = renderHook(
      ({ k }) => useAsync(() => (k === 'a' ? first : second).promise, k),
      {
        initialProps: { k: 'a' },
      },
    );
    await act(async () => {
      vi.advanceTimersByTime(100);
      first.resolve('old');
      await Promise.resolve();
    });
    rerender({ k: 'b' });
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      second.resolve('new');
      await Promise.resolve();
      vi.advanceTimersByTime(200);
    });
    expect(result.current).toMatchObject({ status: 'done', data: 'new' });
  });

  it('draws a preloaded answer in its first render and asks for it only when its key comes back', async () => {
    seedPreloaded({ 'board:all': 'from the page' });
    const load = vi.fn((signal: AbortSignal) => {
      void signal;
      return Promise.resolve('asked');
    });
    const { result, rerender } = renderHook(({ k }) => useAsync(load, k), {
      initialProps: { k: 'board:all' },
    });
    // The server's render and hydration both see the answer at once: no loading state, no request.
    expect(result.current).toMatchObject({ status: 'done', data: 'from the page' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(load).not.toHaveBeenCalled();
    expect(preloadedAnswer('board:all')).toBeNull();
    // Another date, then the whole board again: both asked for (the page's answer may be stale now).
    rerender({ k: 'board:2026-12-01' });
    rerender({ k: 'board:all' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'done', data: 'asked' });
  });
});
