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
  const all = typeof IntersectionObserver === 'undefined';
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
