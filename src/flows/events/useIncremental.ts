import { useEffect, useRef, useState } from 'react';

/**
 * How many of `total` items to render: `first` at once, `step` more each time the sentinel (the
 * returned ref, placed after the last rendered item) comes within a screen of view. Starts over when
 * `resetKey` changes (new filters). Without IntersectionObserver (tests, old browsers) everything.
 */
export function useIncremental(total: number, resetKey: string, first = 3, step = 3) {
  const [shown, setShown] = useState(first);
  const [key, setKey] = useState(resetKey);
  const sentinel = useRef<HTMLDivElement | null>(null);
  if (key !== resetKey) {
    setKey(resetKey);
    setShown(first);
  }
  // A browser without IntersectionObserver shows all at once. The box office's render (no window) shows
  // the first ones, as the browser's first render does: hydration finds the same page.
  const all = typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    const el = sentinel.current;
    if (all || !el || shown >= total) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown((n) => n + step);
      },
      { rootMargin: '100% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [all, shown, total, step]);
  return { count: all ? total : Math.min(shown, total), sentinel };
}
