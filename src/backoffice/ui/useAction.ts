import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The state of a form's or a dialog's one action (save, confirm, log in): `run(fn)` marks it busy,
 * clears the last error, awaits `fn()` and answers its value; a thrown error is kept in `error` (shown
 * by the caller, e.g. with errorText) and `run` answers `undefined` instead. Nothing is set once the
 * component has unmounted (a successful action often closes the form that ran it). `setError` lets a
 * caller clear the error itself (a dialog closed by hand).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(false);
  useEffect(() => {
    // Set here, not at creation: StrictMode unmounts and mounts again, and the second mount must count.
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (err) {
      if (mounted.current) setError(err);
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);

  return { busy, error, run, setError };
}
