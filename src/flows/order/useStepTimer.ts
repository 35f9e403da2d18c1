import { useEffect, useRef, useState } from 'react';
import type { LockTimer } from '../../api/contract/presentations.ts';
import { stepSeconds } from './model.ts';
import type { OrderSnapshot } from './store.ts';

/** How often the countdown moves and a lapse is looked for. */
const TICK_MS = 1000;

/**
 * The step countdown. A step may take the presentation's lockTimer seconds from when its clock
 * started (`stepClock`), and never longer than the earliest seat lock lasts. The countdown moves
 * once a second; on the tick that finds it run out (seats held on an open step, no payment under
 * way (`paying`: the box office keeps the seats while a payment is in progress), time not already up) `onTimeUp` is called, once: the store keeps the time-up until
 * extendHold or startOver clears it.
 *
 * Hazard: the lapse is looked for on the tick only, not on every render. After an extension the
 * dialog closes even where the box office's new lock expiry is already past by the browser's clock
 * (clock skew; a fake clock in the tests), and reopens on the next tick, as the flow always did.
 *
 * Answers the milliseconds left, or null when no countdown shows (no seat held, or confirmed).
 */
export function useStepTimer(
  s: Pick<OrderSnapshot, 'step' | 'seats' | 'stepClock' | 'timedOut'> & { paying: boolean },
  lockTimer: LockTimer,
  onTimeUp: () => void,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  const clock = s.stepClock;
  const secs = clock ? stepSeconds(clock.step, lockTimer) : null;
  // Seats restored from an earlier visit carry no expiry (0): they do not bound the step.
  const lockExpiry = Math.min(...s.seats.map((seat) => seat.expiresAt || Infinity));
  const ends = clock && secs !== null ? Math.min(clock.startedAt + secs * 1000, lockExpiry) : null;
  const open = ends !== null && s.seats.length > 0 && s.step !== 'confirmation';

  // The interval is set up once; each tick reads the latest render's values.
  const latest = useRef({ ends, open: false, active: false, onTimeUp });
  useEffect(() => {
    latest.current = { ends, open, active: open && !s.paying && !s.timedOut, onTimeUp };
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      const l = latest.current;
      // No countdown on screen, nothing to draw again: a tick redraws the whole order flow (30–60 ms
      // a second on a slow desktop, issue 41), so it ticks only while a step's clock runs.
      if (!l.open) return;
      const n = Date.now();
      setNow(n);
      if (l.active && l.ends !== null && l.ends - n <= 0) l.onTimeUp();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // A clock that started after the last tick counts from its start, not from that tick.
  return open && clock !== null ? ends - Math.max(now, clock.startedAt) : null;
}
