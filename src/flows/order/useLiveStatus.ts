import { useEffect, useRef } from 'react';
import type { SeatMapHandle } from '../../seatmap/index.ts';

/** Seats taken by others show within this time (issue: ≤ 2 s). */
export const STATUS_POLL_MS = 1500;

/**
 * Live status: while the page is visible the map's worker fetches the status map every STATUS_POLL_MS
 * (with the load's headers: the visitor's uuid) and applies it as a diff; `onApplied` hears how many
 * seats changed. One poll at a time: a slow answer is not overtaken by the next.
 */
export function useLiveStatus(
  handle: SeatMapHandle | null,
  statusUrl: string,
  onApplied: (changed: number, h: SeatMapHandle) => void,
): void {
  const onAppliedRef = useRef(onApplied);
  useEffect(() => {
    onAppliedRef.current = onApplied;
  });
  useEffect(() => {
    if (!handle) return;
    let stopped = false;
    let running = false;
    const timer = window.setInterval(() => {
      if (stopped || running || document.hidden) return;
      running = true;
      handle
        .applyStatus({ url: statusUrl })
        .then((r) => {
          if (!stopped) onAppliedRef.current(r.changed, handle);
        })
        .catch(() => undefined)
        .finally(() => (running = false));
    }, STATUS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [handle, statusUrl]);
}
