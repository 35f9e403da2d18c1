import { useEffect, useRef, useState } from 'react';
import { IDLE_PROMPT_MS } from './timing.ts';

/** What counts as the customer being there: a pointer, a key, a touch or a scroll wheel. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

export interface IdleWatch {
  /** The customer answered the prompt: watching starts over. */
  resume(): void;
  stop(): void;
}

/**
 * Calls `onIdle` once when `target` has seen no activity for `idleMs`; activity after that is ignored
 * until `resume` (the prompt stays until it is answered).
 */
export function watchIdle(target: EventTarget, idleMs: number, onIdle: () => void): IdleWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      onIdle();
    }, idleMs);
  };
  const onActivity = () => {
    if (!idle) arm();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { passive: true });
  arm();
  return {
    resume() {
      idle = false;
      arm();
    },
    stop() {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity);
    },
  };
}

/**
 * Whether the customer has been idle IDLE_PROMPT_MS while `active` (spec section 9: 5 minutes), and
 * how to say they are back. Nothing else happens on idleness: the caller only asks.
 */
export function useIdle(active: boolean, idleMs: number = IDLE_PROMPT_MS): [boolean, () => void] {
  const [idle, setIdle] = useState(false);
  const watch = useRef<IdleWatch | null>(null);
  useEffect(() => {
    if (!active) return;
    const w = watchIdle(window, idleMs, () => setIdle(true));
    watch.current = w;
    return () => {
      w.stop();
      watch.current = null;
      setIdle(false);
    };
  }, [active, idleMs]);
  const resume = () => {
    setIdle(false);
    watch.current?.resume();
  };
  return [active && idle, resume];
}
