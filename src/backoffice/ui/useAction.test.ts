// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAction } from './useAction.ts';

/** An action the test answers by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  afterEach(cleanup);

  it('is busy while the action runs, and answers its value', async () => {
    const { result } = renderHook(() => useAction());
    expect(result.current).toMatchObject({ busy: false, error: null });
    const d = deferred<number>();
    let answer!: Promise<number | undefined>;
    act(() => {
      answer = result.current.run(() => d.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      d.resolve(42);
      await answer;
    });
    await expect(answer).resolves.toBe(42);
    expect(result.current).toMatchObject({ busy: false, error: null });
  });

  it('keeps a thrown error, answers undefined, and clears the error on the next run', async () => {
    const { result } = renderHook(() => useAction());
    const failure = new Error('refused');
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.run(() => Promise.reject(failure));
    });
    expect(answer).toBeUndefined();
    expect(result.current).toMatchObject({ busy: false, error: failure });

    const d = deferred<string>();
    let next!: Promise<string | undefined>;
    act(() => {
      next = result.current.run(() => d.promise);
    });
    expect(result.current).toMatchObject({ busy: true, error: null });
    await act(async () => {
      d.resolve('ok');
      await next;
    });
    expect(result.current).toMatchObject({ busy: false, error: null });
  });

  it('lets the caller clear the error', async () => {
    const { result } = renderHook(() => useAction());
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('x')));
    });
    act(() => result.current.setError(null));
    expect(result.current.error).toBeNull();
  });

  it('sets nothing once unmounted', async () => {
    const { result, unmount } = renderHook(() => useAction());
    const d = deferred<never>();
    let answer!: Promise<unknown>;
    act(() => {
      answer = result.current.run(() => d.promise);
    });
    unmount();
    d.reject(new Error('late'));
    await expect(answer).resolves.toBeUndefined();
    // The last state seen is the one before unmount: busy, no error.
    expect(result.current).toMatchObject({ busy: true, error: null });
  });
});
