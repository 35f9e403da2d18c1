import { useEffect, useRef } from 'react';
import { apiUrl } from '../../api/client.ts';
import type { SeatMapHandle } from '../../seatmap/index.ts';
import { LiveStatusSource } from './liveStatusSource.ts';

/** Seats taken by others show within this time when the status map is polled (issue: ≤ 2 s). */
export const STATUS_POLL_MS = 1500;

export interface LiveStatusTarget {
  presentationId: number;
  /** The status map the polls and a `reset` read (seats-statusV2, fetched by the map's worker). */
  statusUrl: string;
  /** The version of the status map the map was loaded with: the stream starts from there. */
  since: string | undefined;
}

/**
 * Live status: seats others take or free reach the map through the status stream, applied in the map's
 * worker as a diff; while the stream is down (or the page has no EventSource) the worker polls the status
 * map every STATUS_POLL_MS instead, with the load's headers (the visitor's uuid). Nothing polls while
 * the page is hidden. `onApplied` hears how many seats changed after every update.
 */
export function useLiveStatus(
  handle: SeatMapHandle | null,
  target: LiveStatusTarget,
  onApplied: (changed: number, h: SeatMapHandle) => void,
): void {
  const onAppliedRef = useRef(onApplied);
  useEffect(() => {
    onAppliedRef.current = onApplied;
  });
  const { presentationId, statusUrl, since } = target;
  useEffect(() => {
    if (!handle) return;
    let stopped = false;
    const applied = (changed: number) => {
      if (!stopped) onAppliedRef.current(changed, handle);
    };
    const source = new LiveStatusSource({
      streamUrl: (from) =>
        apiUrl('/seats/status-stream', { presentationId, ...(from === undefined ? {} : { since: from }) }),
      openStream: (url) => new EventSource(url),
      since,
      applyChanges: async (changes) => applied((await handle.applyChanges(changes)).changed),
      reloadStatus: async () => {
        const r = await handle.applyStatus({ url: statusUrl });
        applied(r.changed);
        return r.statusVersion;
      },
      isHidden: () => document.hidden,
      pollMs: STATUS_POLL_MS,
    });
    source.start();
    return () => {
      stopped = true;
      source.stop();
    };
  }, [handle, presentationId, statusUrl, since]);
}
