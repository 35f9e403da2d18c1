import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError, apiUrl } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { SeatConfirmDialog } from '../../seatmap/SeatConfirmDialog.tsx';
import { SeatMap } from '../../seatmap/SeatMap.tsx';
import type { Confirm } from '../../../workers/seatplan/rules.ts';
import { type HeldSeat, lockSeatOf } from './model.ts';
import { errorText } from '../../ui/errorText.ts';

/** Seats taken by others show within this time (issue: ≤ 2 s). */
export const STATUS_POLL_MS = 1500;

export interface SeatStepProps {
  presentation: Presentation;
  settings: Settings;
  seats: HeldSeat[];
  priceOf: (ticketGroup: number) => string | null;
  onHeld: (seats: HeldSeat[]) => void;
  onReleased: (keys: string[]) => void;
}

function coordinates(key: string): { x: number; y: number } {
  const [, x, y] = key.split('_').map(Number);
  return { x: x ?? 0, y: y ?? 0 };
}

/**
 * Step 1, reserved seating: the live seat map. Every click locks or unlocks at the box office; a
 * refused lock reverts the seat and says why; seats others take turn taken within two seconds.
 */
export function SeatStep(props: SeatStepProps) {
  const { presentation: p, settings } = props;
  const { t } = useTranslation();
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<{ seats: number[]; confirm: Confirm[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState(2);
  const [statusVersion, setStatusVersion] = useState(0);
  const pendingRef = useRef(pending);
  const propsRef = useRef(props);
  useEffect(() => {
    pendingRef.current = pending;
    propsRef.current = props;
  });

  const statusUrl = apiUrl('/seats/seats-statusV2', {
    presentationId: p.id,
    venueTypeId: p.venueTypeId,
    isReserved: 1,
  });
  const source = useMemo(
    () => ({
      planUrl: apiUrl('/seats/seatplanV2', { venueId: p.venueId, seatplanId: p.seatplanId }),
      statusUrl,
    }),
    [p.venueId, p.seatplanId, statusUrl],
  );

  // Live status: poll while the page is visible.
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
          if (r.changed > 0) setStatusVersion((v) => v + 1);
          const wanted = pendingRef.current;
          if (wanted && wanted.seats.some((i) => handle.state()[i] === 0)) {
            setPending(null);
            setMessage(t('order.seatTakenMeanwhile'));
          }
        })
        .catch(() => undefined)
        .finally(() => (running = false));
    }, STATUS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [handle, statusUrl, t]);

  const onLoaded = async (h: SeatMapHandle) => {
    setHandle(h);
    // Seats this visitor already holds (a reload, or a return from a later step) show as selected.
    const status = await api.seatsStatus(p).catch(() => null);
    if (!status) return;
    const heldKeys = new Set(status.held);
    const indices = status.held.map((k) => h.indexOfKey(k)).filter((i) => i >= 0);
    await h.setSelected(indices, true);
    setStatusVersion((v) => v + 1);
    const known = new Set(propsRef.current.seats.map((s) => s.key));
    const lapsed = propsRef.current.seats.filter((s) => !heldKeys.has(s.key)).map((s) => s.key);
    if (lapsed.length) propsRef.current.onReleased(lapsed);
    const fresh = await Promise.all(indices.filter((i) => !known.has(h.keyOf(i))).map((i) => h.describe(i)));
    const added = fresh.filter((d): d is SeatDescription => d !== null).map((d) => toHeld(d, 0));
    if (added.length) propsRef.current.onHeld(added);
  };

  const toHeld = (d: SeatDescription, expiresAt: number): HeldSeat => ({
    key: d.key,
    sectionId: d.sectionId,
    ...coordinates(d.key),
    ticketGroup: d.ticketGroup,
    section: d.section,
    row: d.row,
    seat: d.seat,
    expiresAt,
    ticketId: null,
  });

  /** Locks seats one by one; on a refusal releases those already taken and marks the refused one. */
  const lockSeats = async (indices: number[]): Promise<boolean> => {
    const h = handle;
    if (!h) return false;
    const descs = (await Promise.all(indices.map((i) => h.describe(i)))).filter(
      (d): d is SeatDescription => d !== null,
    );
    const locked: HeldSeat[] = [];
    for (const d of descs) {
      const seat = toHeld(d, 0);
      try {
        const r = await api.lockSeat(lockSeatOf(p, seat));
        locked.push({ ...seat, expiresAt: Date.parse(r.expiresAt) });
      } catch (err) {
        await Promise.allSettled(locked.map((s) => api.unlockSeat(lockSeatOf(p, s))));
        if (err instanceof ApiCallError && err.code === 'lock_seat_error') await h.markTaken([d.index]);
        setMessage(errorText(t, err));
        setStatusVersion((v) => v + 1);
        return false;
      }
    }
    await h.setSelected(indices, true);
    setStatusVersion((v) => v + 1);
    props.onHeld(locked);
    return true;
  };

  const releaseSeats = async (indices: number[]) => {
    const h = handle;
    if (!h) return;
    const descs = (await Promise.all(indices.map((i) => h.describe(i)))).filter(
      (d): d is SeatDescription => d !== null,
    );
    const results = await Promise.allSettled(descs.map((d) => api.unlockSeat(lockSeatOf(p, toHeld(d, 0)))));
    // A seat whose lock had lapsed is not ours to release any more: it shows as taken.
    const lost = descs.filter((_, i) => results[i]!.status === 'rejected').map((d) => d.index);
    await h.setSelected(indices, false);
    if (lost.length) await h.markTaken(lost);
    setStatusVersion((v) => v + 1);
    props.onReleased(descs.map((d) => d.key));
  };

  const activate = async (seat: SeatDescription) => {
    const h = handle;
    if (!h || busy || seat.kind === 'taken') return;
    setMessage(null);
    setBusy(true);
    try {
      const releasing = seat.kind === 'selected';
      const r = await h.engine.call(releasing ? 'checkDeselect' : 'checkSelect', seat.index);
      if (!r.ok) return setMessage(t(`seatmap.rules.${r.code}`, r.params ?? {}));
      if (releasing) return await releaseSeats(r.seats);
      if (r.confirm.length > 0) return setPending({ seats: r.seats, confirm: r.confirm });
      await lockSeats(r.seats);
    } finally {
      setBusy(false);
    }
  };

  const bestAvailable = async () => {
    const h = handle;
    if (!h || busy) return;
    setMessage(null);
    setBusy(true);
    try {
      const r = await h.engine.call('autoSelect', count, 'best');
      if (!r.ok) return setMessage(t(`seatmap.rules.${r.code}`, r.params ?? {}));
      await lockSeats(r.seats);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {p.isBestAvailableEnabled ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('order.quantity')}
            min={1}
            max={settings.maxSeatsPerTransaction}
            value={count}
            onChange={(v) => setCount(typeof v === 'number' ? v : 1)}
            w={130}
          />
          <Button variant="light" onClick={() => void bestAvailable()} disabled={!handle || busy}>
            {t('order.bestAvailable')}
          </Button>
        </Group>
      ) : null}
      {message ? (
        <Alert
          color="orange"
          role="alert"
          data-testid="seat-message"
          withCloseButton
          onClose={() => setMessage(null)}
        >
          {message}
        </Alert>
      ) : null}
      <SeatMap
        source={source}
        colors={settings.seatplan.colors}
        colorMode={settings.seatplan.colorMode}
        legendMode={settings.seatplan.legendMode}
        maxSeats={settings.maxSeatsPerTransaction}
        seatingPolicyId={p.seatingPolicyId}
        priceOf={props.priceOf}
        onSeatActivate={(seat) => void activate(seat)}
        onLoaded={(_report, h) => void onLoaded(h)}
        onLoadError={() => setMessage(t('errors.fetch_data_error'))}
        statusVersion={statusVersion}
        height="min(62vh, 560px)"
      />
      <Text size="sm" c="dimmed">
        {t('order.clickToChoose')}
      </Text>
      <SeatConfirmDialog
        confirm={pending?.confirm ?? null}
        onAccept={() => {
          const seats = pending?.seats ?? [];
          setPending(null);
          setBusy(true);
          void lockSeats(seats).finally(() => setBusy(false));
        }}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
