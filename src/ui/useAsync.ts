import { useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'done'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

/** Runs an abortable load whenever `key` changes; stale answers are dropped. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string): AsyncState<T> {
  const [state, setState] = useState<{ key: string; value: AsyncState<T> }>({
    key,
    value: { status: 'loading', data: undefined, error: undefined },
  });
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ key, value: { status: 'done', data, error: undefined } });
      },
      (error: unknown) => {
        if (!ctrl.signal.aborted) setState({ key, value: { status: 'error', data: undefined, error } });
      },
    );
    return () => ctrl.abort();
    // `load` is re-created every render by callers; `key` says when the load really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.value : { status: 'loading', data: undefined, error: undefined };
}
