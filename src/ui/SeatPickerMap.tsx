import { Alert } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SeatDescription, SeatMapHandle } from '../seatmap/index.ts';
import { SeatMap } from '../seatmap/SeatMap.tsx';
import { session } from '../state/session.ts';

export interface SeatPickerMapProps {
  planUrl: string;
  /** A status map (free seats, `section_x_y` → `ticketGroup,allocation`); reloaded when it changes. */
  statusUrl: string;
  headers?: Record<string, string>;
  /** The seat shown as chosen (`section_x_y`), or none. */
  selectedKey: string | null;
  onPick(seat: SeatDescription): void;
  /** Bumped by the owner to read the status again (after a lock or an unlock). */
  statusVersion?: number;
  height?: number | string;
  priceOf?: (ticketGroup: number) => string | null;
}

/**
 * A seat map for choosing ONE seat on a plan whose status comes from a URL. The plan loads once (per
 * plan URL); the status map is read again when its URL or `statusVersion` changes, and the selected
 * seat is drawn as chosen after every read. A tap on a free seat (or on the list view's, on a phone)
 * calls `onPick`; taken seats are ignored. The owner decides what a pick means (a lock call, a choice).
 */
export function SeatPickerMap(props: SeatPickerMapProps) {
  const { t } = useTranslation();
  const { settings, uuid } = useSnapshot(session);
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [error, setError] = useState(false);
  const [version, setVersion] = useState(0);
  const shown = useRef<string | null>(null);
  // The owner's headers are compared by content; the visitor's uuid goes with the map's own fetches.
  const headersKey = JSON.stringify({ ...(uuid ? { uuid } : {}), ...(props.headers ?? {}) });
  const headers = useMemo(() => JSON.parse(headersKey) as Record<string, string>, [headersKey]);
  // The plan and the first status map come with the load; later status maps are applied to it.
  const [firstStatus] = useState(props.statusUrl);
  const source = useMemo(
    () => ({ planUrl: props.planUrl, statusUrl: firstStatus, headers }),
    [props.planUrl, firstStatus, headers],
  );
  const loadedStatus = useRef<string | null>(null);

  const [loads, setLoads] = useState(0);

  // After every load, status change or pick: the status map applied, and the selected seat drawn chosen.
  // A seat chosen before is let go first, so that the status map says what it is now.
  useEffect(() => {
    const h = handle;
    if (!h) return;
    let stale = false;
    const url = `${props.statusUrl}#${props.statusVersion ?? 0}`;
    const key = props.selectedKey;
    const run = async () => {
      const before = shown.current === null ? -1 : h.indexOfKey(shown.current);
      if (before >= 0 && shown.current !== key) {
        await h.setSelected([before], false);
        shown.current = null;
      }
      if (loadedStatus.current !== url) {
        loadedStatus.current = url;
        await h.applyStatus({ url: props.statusUrl, headers });
      }
      if (stale) return;
      const index = key === null ? -1 : h.indexOfKey(key);
      if (index >= 0) await h.setSelected([index], true);
      shown.current = index >= 0 ? key : null;
      setVersion((v) => v + 1);
    };
    run().catch(() => !stale && setError(true));
    return () => {
      stale = true;
    };
  }, [handle, loads, props.statusUrl, props.statusVersion, props.selectedKey, headers]);

  if (!settings) return null;
  return (
    <>
      {error ? (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setError(false)}>
          {t('errors.fetch_data_error')}
        </Alert>
      ) : null}
      <SeatMap
        source={source}
        colors={settings.seatplan.colors}
        colorMode={settings.seatplan.colorMode}
        legendMode={settings.seatplan.legendMode}
        maxSeats={1}
        {...(props.priceOf ? { priceOf: props.priceOf } : {})}
        onSeatActivate={(seat) => {
          if (seat.kind === 'taken') return;
          props.onPick(seat);
        }}
        onLoaded={(_report, h) => {
          // A status URL that changed while the plan loaded is applied by the effect.
          shown.current = null;
          loadedStatus.current = `${firstStatus}#${props.statusVersion ?? 0}`;
          setHandle(h);
          setLoads((n) => n + 1);
        }}
        onLoadError={() => setError(true)}
        statusVersion={version + (props.statusVersion ?? 0)}
        height={props.height ?? 'min(62vh, 560px)'}
      />
    </>
  );
}
