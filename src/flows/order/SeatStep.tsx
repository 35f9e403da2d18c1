import { Box, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { seatplanColumnsUrl } from '../../api/seatplanUrl.ts';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { SeatConfirmDialog } from '../../seatmap/SeatConfirmDialog.tsx';
import { SeatMap } from '../../seatmap/SeatMap.tsx';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { FLAG, SEAT_STATE } from '../../../workers/seatplan/model.ts';
import type { Confirm } from '../../../workers/seatplan/rules.ts';
import { AutoSelect, type AutoSelectChoice } from './AutoSelect.tsx';
import { SeatNotice } from './SeatNotice.tsx';
import { SeatCard, type TappedSeat } from './SeatCard.tsx';
import { useSeatAdvice } from './useSeatAdvice.ts';
import type { HeldSeat } from './model.ts';
import { autoSelectText, confirmationsOf, ruleText, type SeatText, swapFromKey } from './seatActions.ts';
import { lockSeats, releaseSeats, swapSeats, toHeld } from './seatBooking.ts';
import { type SwapOffer, SwapDialog } from './SwapDialog.tsx';
import { useLiveStatus } from './useLiveStatus.ts';
import { showToast } from '../../ui/toast/toasts.ts';

/** Checks the whole selection before the order moves on; false: stay (the step says why). */
export type SeatValidator = () => Promise<boolean>;

export interface SeatStepProps {
  presentation: Presentation;
  settings: Settings;
  seats: HeldSeat[];
  priceOf: (ticketGroup: number) => string | null;
  onHeld: (seats: HeldSeat[]) => void;
  onReleased: (keys: string[]) => void;
  /** Filled by the step with its check of the whole selection, for the Continue button. */
  validatorRef?: RefObject<SeatValidator | null>;
}

/**
 * Step 1, reserved seating: the live seat map. Every click locks or unlocks at the box office; a
 * refused lock or unlock reverts the seat and says why, over the map (nothing moves it while the customer
 * chooses); seats others take turn taken within two seconds. At the seat cap a click on a free seat
 * offers a swap; the customer may let the shop choose (best available: the party together, in the middle
 * of the hall, shown ringed on the map). Under the single-seat rule the customer builds the selection in
 * any order: the seats it would leave alone are ringed, with the nearest valid choices (advice.ts), and
 * Continue checks the whole selection (`validateSelection`), as the box office does at commit.
 */
export function SeatStep(props: SeatStepProps) {
  const { presentation: p, settings } = props;
  const { t } = useTranslation();
  const phone = usePhone();
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<{ seats: number[]; confirm: Confirm[]; auto?: boolean } | null>(
    null,
  );
  const [swap, setSwap] = useState<SwapOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const [statusVersion, setStatusVersion] = useState(0);
  // The stream version of the status map the map loaded with: live updates start from there.
  const [loadedVersion, setLoadedVersion] = useState<string | undefined>(undefined);
  const [sections, setSections] = useState<{ index: number; name: string }[]>([]);
  const [levels, setLevels] = useState<{ ticketGroup: number; label: string }[]>([]);
  const [hasAccessible, setHasAccessible] = useState(false);
  const notes = useSeatAdvice();
  const [tapped, setTapped] = useState<TappedSeat | null>(null);
  const pendingRef = useRef(pending);
  // The map calls back through a ref updated after render: a flag in state could be read stale there.
  const busyRef = useRef(false);
  const syncingRef = useRef(false);
  const propsRef = useRef(props);
  useEffect(() => {
    pendingRef.current = pending;
    propsRef.current = props;
  });
  const say = (text: SeatText | SeatText[]) =>
    setMessage(
      [text]
        .flat()
        .map((x) => t(x.key, x.params ?? {}))
        .join(' '),
    );
  const refresh = () => setStatusVersion((v) => v + 1);

  // The visitor's uuid goes with the map's own fetches too (spec section 7), the worker's polls included.
  const uuid = session.uuid;
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

  /**
   * What this visitor holds, as the box office says: those seats show as selected, seats of the order it
   * no longer holds (a lapsed lock) leave the order, and seats it holds that the order lacks join it.
   */
  const syncHeld = async (h: SeatMapHandle) => {
    const status = await api.seatsStatus(p).catch(() => null);
    if (!status) return;
    const heldKeys = new Set<string>(status.held);
    const indices = status.held.map((k) => h.indexOfKey(k)).filter((i) => i >= 0);
    await h.setSelected(indices, true);
    refresh();
    const known = new Set(propsRef.current.seats.map((s) => s.key));
    const lapsed = propsRef.current.seats.filter((s) => !heldKeys.has(s.key)).map((s) => s.key);
    if (lapsed.length) propsRef.current.onReleased(lapsed);
    const fresh = await Promise.all(indices.filter((i) => !known.has(h.keyOf(i))).map((i) => h.describe(i)));
    const added = fresh.filter((d): d is SeatDescription => d !== null).map((d) => toHeld(d));
    if (added.length) propsRef.current.onHeld(added);
  };

  // Seats others take turn taken; a seat waiting for the customer's confirmation may go meanwhile.
  useLiveStatus(handle, { presentationId: p.id, statusUrl, since: loadedVersion }, (changed, h) => {
    if (changed > 0) refresh();
    // A seat of the order that the map now shows free was let go at the box office (its lock lapsed):
    // ask the box office what this visitor holds, so the order and the map agree again. Not while a
    // seat call of the customer's is under way: its answer settles that seat.
    const state = h.state();
    const freed = propsRef.current.seats.some((s) => state[h.indexOfKey(s.key)] === SEAT_STATE.available);
    if (freed && !busyRef.current && !syncingRef.current) {
      syncingRef.current = true;
      void syncHeld(h).finally(() => {
        syncingRef.current = false;
      });
    }
    // Another customer's purchase may strand a seat beside the selection, or fill one it stranded.
    if (changed > 0 && propsRef.current.seats.length > 0 && !busyRef.current) void notes.refresh(h);
    const wanted = pendingRef.current;
    if (wanted && wanted.seats.some((i) => h.state()[i] === 0)) {
      setPending(null);
      showToast({ key: 'order.seatTakenMeanwhile', color: 'orange' });
    }
  });

  // Continue checks the whole selection with the worker's rules (the box office checks it again at commit).
  useEffect(() => {
    const ref = props.validatorRef;
    if (!ref) return;
    ref.current = async () => {
      if (!handle) return true;
      const r = await handle.engine.call('validateSelection');
      if (r.ok) return true;
      // A stranded seat: the notice over the map names it and offers the ways out.
      if (r.code === 'single_seat_error') await notes.refresh(handle);
      else say(ruleText(r));
      return false;
    };
    return () => {
      ref.current = null;
    };
  });

  const onLoaded = async (h: SeatMapHandle, version: string | undefined) => {
    setLoadedVersion(version);
    setHandle(h);
    const data = h.data();
    setSections((data?.sections ?? []).map((s, index) => ({ index, name: s.name })));
    setLevels(
      (data?.levels ?? []).map(([ticketGroup]) => ({
        ticketGroup,
        label: props.priceOf(ticketGroup) ?? String(ticketGroup),
      })),
    );
    setHasAccessible(data ? data.flags.some((f) => (f & FLAG.handicap) !== 0) : false);
    // Seats this visitor already holds (a reload, or a return from a later step) show as selected.
    await syncHeld(h);
    await notes.refresh(h);
  };

  /** Runs one action on the map, one at a time; the message of the last one is cleared first. */
  const act = async (run: (h: SeatMapHandle) => Promise<unknown>) => {
    const h = handle;
    if (!h || busyRef.current) return;
    busyRef.current = true;
    setMessage(null);
    notes.clearPicked();
    setBusy(true);
    try {
      await run(h);
    } finally {
      busyRef.current = false;
      refresh();
      setBusy(false);
      await notes.refresh(h).catch(() => undefined);
    }
  };

  const lock = async (h: SeatMapHandle, indices: number[]): Promise<boolean> => {
    const r = await lockSeats(h, p, indices);
    if (r.ok) props.onHeld(r.held);
    else setMessage(errorText(t, r.error));
    return r.ok;
  };

  const release = async (h: SeatMapHandle, indices: number[]) => {
    const r = await releaseSeats(h, p, indices);
    if (r.gone.length) props.onReleased(r.gone);
    if (r.kept.length) say({ key: 'errors.unlock_seat_error' });
  };

  /** At the cap: offer to swap the seat chosen last for `seat`, when the swap rule allows it. */
  const offerSwap = async (h: SeatMapHandle, seat: SeatDescription, atCap: SeatText) => {
    const fromKey = swapFromKey(props.seats);
    const from = fromKey === null ? -1 : h.indexOfKey(fromKey);
    if (from < 0) return say(atCap);
    const r = await h.engine.call('checkSwap', from, seat.index, true);
    // A swap that still grows the selection (one seat for a sofa) is refused by the cap itself.
    if (!r.ok) return say(r.code === 'max_seats_error' ? atCap : [atCap, ruleText(r)]);
    const fromSeat = await h.describe(from);
    if (fromSeat)
      setSwap({ from: fromSeat, to: seat, release: r.release, take: r.seats, confirm: r.confirm });
  };

  const activate = (seat: SeatDescription) =>
    seat.kind === 'taken'
      ? Promise.resolve()
      : act(async (h) => {
          const releasing = seat.kind === 'selected';
          // The single-seat rule is judged on the whole selection (refreshAdvice, Continue), not per click.
          const r = await h.engine.call(releasing ? 'checkDeselect' : 'checkSelect', seat.index, true);
          if (!r.ok) {
            if (!releasing && r.code === 'max_seats_error') return offerSwap(h, seat, ruleText(r));
            return say(ruleText(r));
          }
          if (releasing) return release(h, r.seats);
          if (r.confirm.length > 0) return setPending({ seats: r.seats, confirm: r.confirm });
          return lock(h, r.seats);
        });

  /** Before a tap: a free seat whose taking would leave a neighbour alone says so on its card. */
  const seatNote = async (seat: SeatDescription): Promise<string | null> => {
    const h = handle;
    if (!h || (seat.kind !== 'available' && seat.kind !== 'premium')) return null;
    if (propsRef.current.seats.length >= settings.maxSeatsPerTransaction) return null;
    const r = await h.engine.call('checkSelect', seat.index);
    return !r.ok && r.code === 'single_seat_error' ? t('order.advice.wouldStrand', r.params ?? {}) : null;
  };

  /** A phone's tap on the map: the seat's card, and the seat ringed, before anything is taken. */
  const showCard = async (seat: SeatDescription) => {
    handle?.setFocus(seat.index);
    setTapped({ seat, price: props.priceOf(seat.ticketGroup), note: await seatNote(seat) });
  };
  const closeCard = () => {
    handle?.setFocus(-1);
    setTapped(null);
  };
  /** The card's button: the seat as it is now (someone may have taken it meanwhile). */
  const takeFromCard = async (index: number) => {
    closeCard();
    const seat = await handle?.describe(index);
    if (seat) await activate(seat);
  };

  /** "Choose seats for me": best available, then the map moves to the seats it chose and rings them. */
  const autoSelect = (count: number, choice: AutoSelectChoice) =>
    act(async (h) => {
      const r = await h.engine.call('autoSelect', count, 'best', {
        ...(choice.section === undefined ? {} : { section: choice.section }),
        ...(choice.ticketGroup === undefined ? {} : { ticketGroup: choice.ticketGroup }),
        ...(choice.accessible ? { accessible: true } : {}),
      });
      if (!r.ok) return say(autoSelectText(r, choice.section !== undefined, count));
      // Best available found no block of that size: it says so, and proposes the best it found.
      if ('groups' in r && r.groups > 1)
        say({ key: 'order.noBlock', params: { seats: count, groups: r.groups } });
      // Wheelchair spaces and limited-view seats (proposed only when the others run short) need a yes.
      const confirm = confirmationsOf(await Promise.all(r.seats.map((i) => h.describe(i))));
      if (confirm.length > 0) return setPending({ seats: r.seats, confirm, auto: true });
      if (await lock(h, r.seats)) await notes.showPicked(h, r.seats);
    });

  const performSwap = (offer: Pick<SwapOffer, 'release' | 'take'>) =>
    act(async (h) => {
      setSwap(null);
      const r = await swapSeats(h, p, offer.release, offer.take);
      if (r.ok) {
        props.onReleased(r.released);
        props.onHeld(r.held);
        return;
      }
      if (r.lost.length) props.onReleased(r.lost);
      setMessage(errorText(t, r.error));
    });

  const atCap = props.seats.length >= settings.maxSeatsPerTransaction;
  const autoSelectForm = (
    <AutoSelect
      maxSeats={settings.maxSeatsPerTransaction}
      sections={sections}
      disabled={!handle || busy}
      levels={levels}
      hasAccessible={hasAccessible}
      onRun={(count, choice) => void autoSelect(count, choice)}
    />
  );
  return (
    <Stack gap="sm">
      {/* One place in the tree whatever the screen (a phone puts it after the map, by flex order), so a
          resize across the phone width keeps what the customer typed in it. */}
      <Box style={{ order: phone ? 1 : -1 }}>{autoSelectForm}</Box>
      <SeatMap
        source={source}
        colors={settings.seatplan.colors}
        colorMode={settings.seatplan.colorMode}
        legendMode={settings.seatplan.legendMode}
        maxSeats={settings.maxSeatsPerTransaction}
        seatingPolicyId={p.seatingPolicyId}
        priceOf={props.priceOf}
        onSeatActivate={(seat) => void activate(seat)}
        onLoaded={(report, h) => void onLoaded(h, report.statusVersion)}
        onLoadError={() => setMessage(t('errors.fetch_data_error'))}
        statusVersion={statusVersion}
        height="min(62vh, 560px)"
        seatNote={seatNote}
        onSeatTap={phone ? (seat) => void showCard(seat) : undefined}
        overlay={
          <>
            {tapped ? (
              <SeatCard
                tapped={tapped}
                busy={busy}
                onTake={() => void takeFromCard(tapped.seat.index)}
                onClose={closeCard}
              />
            ) : null}
            <SeatNotice
              message={message}
              picked={notes.picked}
              advice={notes.advice}
              busy={busy}
              onClose={() => {
                setMessage(null);
                notes.dismiss();
              }}
              onFill={() => {
                const fill = notes.advice?.fill?.map((s) => s.index) ?? [];
                void act((h) => lock(h, fill));
              }}
              onMove={() => {
                if (notes.advice?.move) void performSwap(notes.advice.move);
              }}
            />
          </>
        }
      />
      <Text size="sm" c="dimmed" data-testid="seat-hint">
        {t(atCap ? 'order.swapHint' : 'order.clickToChoose')}
      </Text>
      <SeatConfirmDialog
        confirm={pending?.confirm ?? null}
        onAccept={() => {
          const seats = pending?.seats ?? [];
          const auto = pending?.auto === true;
          setPending(null);
          void act(async (h) => {
            if ((await lock(h, seats)) && auto) await notes.showPicked(h, seats);
          });
        }}
        onCancel={() => setPending(null)}
      />
      <SwapDialog
        offer={swap}
        maxSeats={settings.maxSeatsPerTransaction}
        onAccept={(offer) => void performSwap(offer)}
        onCancel={() => setSwap(null)}
      />
    </Stack>
  );
}
