import { useCallback, useEffect, useRef, useState } from 'react';
import { toneOf } from './answerView.ts';
import type { DoorAnswer, DoorEngine, DoorSetup } from './engine.ts';
import { signal } from './feedback.ts';
import { markScan } from './timing.ts';

/** What the verdict panel shows: a scan's answer, or that no answer came (the network failed). */
export type Shown =
  | { seq: number; code: string; answer: DoorAnswer; failed?: undefined }
  | { seq: number; code: string; answer?: undefined; failed: unknown };

/**
 * The page's scans: every code (camera, scanner, "Let in") goes through `scan`, which marks the time for
 * the benchmark, asks the engine, and shows the answer with its sound and buzz. A newer scan's answer
 * replaces an older one; `answered` counts answers (the counts refresh on it).
 */
export function useScanner(engine: DoorEngine, setup: DoorSetup) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [answered, setAnswered] = useState(0);
  const latest = useRef(0);
  const setupRef = useRef(setup);
  useEffect(() => {
    setupRef.current = setup;
  }, [setup]);

  const scan = useCallback(
    async (raw: string): Promise<DoorAnswer | null> => {
      const code = raw.trim();
      if (!code) return null;
      markScan();
      const seq = ++latest.current;
      let next: Shown;
      try {
        next = { seq, code, answer: await engine.scan(code, setupRef.current) };
      } catch (failed) {
        next = { seq, code, failed };
      }
      setAnswered((n) => n + 1);
      if (seq !== latest.current) return next.answer ?? null;
      signal(next.answer ? toneOf(next.answer.verdict) : 'red');
      setShown(next);
      return next.answer ?? null;
    },
    [engine],
  );

  const dismiss = useCallback(() => setShown(null), []);
  return { shown, scan, dismiss, answered };
}
