import { useCallback, useEffect, useState } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { setCustomer } from '../../state/customer.ts';

export type Loaded<T> =
  { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; data: T };

/** Loads once on mount; `reload` fetches again; `set` replaces the data after a change. */
export function useLoad<T>(load: () => Promise<T>) {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) => {
        // The session ended (expired or logged out elsewhere): back to the login.
        if (error instanceof ApiCallError && error.code === 'not_logged_in') setCustomer(null);
        if (live) setResult({ state: 'error', error });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a stable module-level call in every user; reloading is driven by `round`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((data: T) => setResult({ state: 'ready', data }), []);
  return { result, reload, set };
}
