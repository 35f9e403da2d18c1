import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api/endpoints.ts';
import type { QueueStatus } from '../../../api/contract/waitingRoom.ts';
import { QUEUE_REQUIRED_EVENT } from '../../../api/queueRequired.ts';

export type QueuePhase =
  | { phase: 'checking' }
  /** No room in force, or let in: the order goes on (passExpiresAt: the pass's end, when let in). */
  | { phase: 'open'; passExpiresAt: string | null }
  | { phase: 'waiting'; status: Extract<QueueStatus, { state: 'waiting' }>; reconnecting: boolean }
  | { phase: 'expired' };

export interface QueueGateState {
  queue: QueuePhase;
  joinAgain(): void;
}

/** After a failed poll the next one waits this long (the box office may be busy or restarting). */
const RETRY_MS = 5_000;

/**
 * The visitor's place in the presentation's waiting room (issue 40): takes it when the page opens (a
 * reload or a second tab keeps the same place: it is the visitor's), asks how it stands as often as the
 * box office says, and opens the order when the visitor is let in (`onAdmitted` is told when one who
 * waited is). A seat call refused because the room came on (queue_required) puts the visitor in line.
 */
export function useQueue(presentationId: number, enabled: boolean, onAdmitted?: () => void): QueueGateState {
  const [queue, setQueue] = useState<QueuePhase>(
    enabled ? { phase: 'checking' } : { phase: 'open', passExpiresAt: null },
  );
  const again = useRef<() => void>(() => {});
  const admitted = useRef(onAdmitted);
  useEffect(() => {
    admitted.current = onAdmitted;
  }, [onAdmitted]);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    let waited = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const take = (s: QueueStatus): number | null => {
      if (s.state === 'waiting') {
        waited = true;
        setQueue({ phase: 'waiting', status: s, reconnecting: false });
        return s.pollMs;
      }
      if (s.state === 'expired') setQueue({ phase: 'expired' });
      else if (s.state === 'none') setQueue({ phase: 'open', passExpiresAt: null });
      else if (s.state === 'admitted') {
        setQueue({ phase: 'open', passExpiresAt: s.passExpiresAt });
        if (waited) admitted.current?.();
      }
      return null;
    };
    const ask = async (how: 'join' | 'poll' | 'again'): Promise<void> => {
      clearTimeout(timer);
      let next: number | null;
      try {
        const s =
          how === 'poll'
            ? await api.queueStatus(presentationId)
            : await api.joinQueue(presentationId, how === 'again');
        if (!alive) return;
        // A place lost (its cookie cleared): take it again; the box office answers the same place.
        if (s.state === 'outside') return await ask('join');
        // What the answer opens (the whole order flow, with its seat map) is drawn as a transition: a
        // render that yields to the browser, not one long task (issue 41).
        let taken: number | null = null;
        startTransition(() => {
          taken = take(s);
        });
        next = taken;
      } catch {
        if (!alive) return;
        setQueue((q) => (q.phase === 'waiting' ? { ...q, reconnecting: true } : q));
        next = RETRY_MS;
      }
      if (next !== null) timer = setTimeout(() => void ask('poll'), next);
    };
    again.current = () => void ask('again');
    void ask('join');
    const onRequired = (e: Event) => {
      if (Number((e as CustomEvent).detail) === presentationId) void ask('join');
    };
    window.addEventListener(QUEUE_REQUIRED_EVENT, onRequired);
    return () => {
      alive = false;
      clearTimeout(timer);
      window.removeEventListener(QUEUE_REQUIRED_EVENT, onRequired);
    };
  }, [enabled, presentationId]);

  return { queue, joinAgain: useCallback(() => again.current(), []) };
}
