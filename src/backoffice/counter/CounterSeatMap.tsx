import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { apiUrl } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import { seatplanColumnsUrl } from '../../api/seatplanUrl.ts';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { SeatMap } from '../../seatmap/SeatMap.tsx';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { SEAT_STATE } from '../../../workers/seatplan/model.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { counter, seatsHeld, seatsReleased } from './saleStore.ts';
import { heldNow, lockSeats, releaseSeats } from './seatCalls.ts';

/** Seats others take show within this time (the status map is read again while the page is shown). */
const POLL_MS = 2_000;

/**
 * The counter's seat map (issue 36): the shop's map of the presentation with its live status. A click
 * (or Enter on a focused seat) holds a free seat for the sale or lets a held one go; "best N" asks the
 * map's worker for the best seats together, as the shop's "choose for me" does, and holds them. The
 * seats are held by this browser's visitor, so a seat a web customer holds cannot be taken here, and
 * the other way round.
 */
export function CounterSeatMap({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  const { settings, uuid } = useSnapshot(session);
  const { seats } = useSnapshot(counter);
  const held = seats.length;
  const drawn = useRef(new Set<string>());
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [count, setCount] = useState<number | string>(2);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const busyRef = useRef(false);
  const maxSeats = settings?.maxSeatsPerTransaction ?? 10;

  const statusUrl = apiUrl('/seats/seats-statusV2', {
    presentationId: p.id,
    venueTypeId: p.venueTypeId,
    isReserved: 1,
  });
  const planUrl = seatplanColumnsUrl(p);
  const source = useMemo(
    () => ({
      planUrl,
      statusUrl,
      ...(uuid ? { headers: { uuid } } : {}),
    }),
    [planUrl, statusUrl, uuid],
  );

  /** The sale's seats as the box office has them: seats held here join it, lapsed ones leave it. */
  const sync = async (h: SeatMapHandle) => {
    const held = await heldNow(h, p);
    if (!held) return;
    const keys = new Set(held.map((s) => s.key));
    seatsReleased(counter.seats.filter((s) => !keys.has(s.key)).map((s) => s.key));
    seatsHeld(held);
  };

  // Live status: read again every POLL_MS while the page is shown; a held seat gone free is a lapsed lock.
  useEffect(() => {
    if (!handle) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.hidden || busyRef.current) return;
      void handle
        .applyStatus({ url: statusUrl, ...(uuid ? { headers: { uuid } } : {}) })
        .then(async (r) => {
          if (stopped || r.changed === 0) return;
          setVersion((v) => v + 1);
          const state = handle.state();
          if (counter.seats.some((s) => state[handle.indexOfKey(s.key)] === SEAT_STATE.available))
            await sync(handle);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // `sync` reads the store when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, statusUrl, uuid]);

  // Seats let go elsewhere (the sale's list, a sale given up) are drawn free again.
  useEffect(() => {
    const now = new Set(seats.map((s) => s.key));
    const gone = [...drawn.current].filter((k) => !now.has(k));
    drawn.current = now;
    const indices = handle ? gone.map((k) => handle.indexOfKey(k)).filter((i) => i >= 0) : [];
    if (handle && indices.length)
      void handle.setSelected(indices, false).then(() => setVersion((v) => v + 1));
  }, [handle, seats]);

  const act = async (run: (h: SeatMapHandle) => Promise<void>) => {
    if (!handle || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setMessage(null);
    try {
      await run(handle);
    } finally {
      busyRef.current = false;
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };

  const hold = async (h: SeatMapHandle, indices: number[]) => {
    const r = await lockSeats(h, p, indices);
    if (r.ok) seatsHeld(r.held);
    else setMessage(errorText(t, r.error));
  };

  const activate = (seat: SeatDescription) =>
    act(async (h) => {
      if (seat.kind === 'taken') return;
      const releasing = seat.kind === 'selected';
      // The whole selection's rules (a lone seat left) are the box office's to judge at the sale.
      const r = await h.engine.call(releasing ? 'checkDeselect' : 'checkSelect', seat.index, true);
      if (!r.ok) return setMessage(t(`seatmap.rules.${r.code}`, r.params ?? {}));
      if (releasing) seatsReleased(await releaseSeats(h, p, r.seats));
      else await hold(h, r.seats);
    });

  const best = () =>
    act(async (h) => {
      const n = Math.max(1, Math.min(maxSeats, Number(count) || 1));
      const r = await h.engine.call('autoSelect', n, 'best', {});
      if (!r.ok)
        return setMessage(
          r.code === 'NOT_ENOUGH_SEATS'
            ? t('errors.res_not_enough_seats')
            : t(`seatmap.rules.${r.code}`, r.params ?? {}),
        );
      await hold(h, r.seats);
      if (r.seats[0] !== undefined) h.reveal(r.seats[0]);
    });

  if (!settings) return null;
  return (
    <Stack gap="sm" data-testid="counter-map">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label={t('backoffice.counter.bestCount')}
          value={count}
          onChange={setCount}
          min={1}
          max={maxSeats}
          allowDecimal={false}
          clampBehavior="strict"
          w={120}
          styles={touchInput}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void best();
          }}
          data-testid="counter-best-count"
        />
        <Button
          mih={TOUCH_PX}
          variant="light"
          onClick={() => void best()}
          disabled={!handle || busy}
          data-testid="counter-best"
        >
          {t('backoffice.counter.best', { count: Math.max(1, Number(count) || 1) })}
        </Button>
        {held ? (
          <Button
            mih={TOUCH_PX}
            variant="subtle"
            color="red"
            disabled={!handle || busy}
            onClick={() =>
              void act(async (h) =>
                seatsReleased(
                  await releaseSeats(
                    h,
                    p,
                    counter.seats.map((s) => h.indexOfKey(s.key)).filter((i) => i >= 0),
                  ),
                ),
              )
            }
            data-testid="counter-release-all"
          >
            {t('backoffice.counter.releaseAll')}
          </Button>
        ) : null}
      </Group>
      {message ? (
        <Alert
          color="orange"
          role="alert"
          withCloseButton
          onClose={() => setMessage(null)}
          data-testid="counter-seat-message"
        >
          {message}
        </Alert>
      ) : null}
      <SeatMap
        source={source}
        colors={settings.seatplan.colors}
        colorMode={settings.seatplan.colorMode}
        legendMode="compact"
        maxSeats={maxSeats}
        seatingPolicyId={p.seatingPolicyId}
        onSeatActivate={(seat) => void activate(seat)}
        onLoaded={(_, h) => {
          setHandle(h);
          void sync(h);
        }}
        onLoadError={() => setMessage(t('errors.fetch_data_error'))}
        statusVersion={version}
        height="min(60vh, 540px)"
      />
      <Text size="sm" c="dimmed">
        {t('backoffice.counter.mapHint')}
      </Text>
    </Stack>
  );
}
