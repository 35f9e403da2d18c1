import { useEffect, useState } from 'react';

/**
 * A quote the box office makes for what is chosen now (a refund, an exchange): asked 150 ms after the
 * choice settles, the earlier question given up; a quote or error of an earlier choice is never shown.
 * `ask` null: nothing to quote yet.
 */
export function useQuote<Q>(
  ask: ((signal: AbortSignal) => Promise<Q>) | null,
  /** Stands for the choice: the same key, the same question. */
  key: string,
): { quote: Q | null; error: unknown } {
  const [answered, setAnswered] = useState<{ key: string; quote?: Q; error?: unknown } | null>(null);
  const asking = ask !== null;
  useEffect(() => {
    if (!ask) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      ask(ctrl.signal).then(
        (quote) => setAnswered({ key, quote }),
        (error: unknown) => {
          if (!ctrl.signal.aborted) setAnswered({ key, error });
        },
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
    // `key` stands for what `ask` asks (a new function on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, asking]);
  const mine = answered?.key === key ? answered : null;
  return { quote: mine?.quote ?? null, error: mine?.error ?? null };
}
