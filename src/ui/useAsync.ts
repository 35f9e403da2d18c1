import { useEffect, useRef, useState } from 'react';
import { forgetPreloaded, preloadedAnswer } from './preloaded.ts';
import { holdBackMs } from './timing.ts';

export type AsyncState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'done'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

/**
 * Runs an abortable load whenever `key` changes; stale answers are dropped. The loading state never
 * flickers (spec section 9, minimum fetch delay): an answer within the first frame lands at once, a
 * later one no sooner than FETCH_MIN_DELAY_MS after the load began (timing.ts).
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string): AsyncState<T> {
  // A page the box office rendered came with this answer (preloaded.ts): drawn at once, not asked again.
  const preloadedKey = useRef(preloadedAnswer(key) ? key : null);
  const [state, setState] = useState<{ key: string; value: AsyncState<T> }>(() => {
    const preloaded = preloadedAnswer(key);
    if (!preloaded) return { key, value: { status: 'loading', data: undefined, error: undefined } };
    return { key, value: { status: 'done', data: preloaded.value as T, error: undefined } };
  });
  useEffect(() => {
    if (preloadedKey.current === key) {
      // Once: coming back to this key later loads it afresh.
      preloadedKey.current = null;
      forgetPreloaded(key);
      return;
    }
    const ctrl = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (value: AsyncState<T>) => {
      if (ctrl.signal.aborted) return;
      const wait = holdBackMs(Date.now() - started);
      if (wait === 0) setState({ key, value });
      else timer = setTimeout(() => setState({ key, value }), wait);
    };
    load(ctrl.signal).then(
      (data) => settle({ status: 'done', data, error: undefined }),
      (error: unknown) => settle({ status: 'error', data: undefined, error }),
    );
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
    // `load` is re-created every render by callers; `key` says when the load really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.value : { status: 'loading', data: undefined, error: undefined };
}
