import { Box, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatDescription } from '../../workers/seatplan/engine.ts';
import {
  type LoadReport,
  type MapSource,
  type ScreenRect,
  type SeatMapHandle,
  createSeatMap,
} from './index.ts';
import { nextSeat } from './keyboard.ts';
import { Band, Control, type Hover, SeatTooltip } from './MapParts.tsx';
import { PriceLegend, SeatLegend, type LegendMode } from './SeatLegend.tsx';
import { SeatListView } from './SeatListView.tsx';
import type { ColorMode, SeatColors } from './palette.ts';
import { usePhone } from '../ui/usePhone.ts';

export interface SeatMapProps {
  source: MapSource | null;
  colors: SeatColors;
  colorMode?: ColorMode;
  legendMode?: LegendMode;
  maxSeats?: number;
  seatingPolicyId?: number;
  /** The price shown in the tooltip and read out for a price level, when known. */
  priceOf?: (ticketGroup: number) => string | null;
  /** A seat clicked, tapped or chosen by keyboard; `additive` with Shift held (add to a selection). */
  onSeatActivate?: (seat: SeatDescription, how: { additive: boolean }) => void;
  /**
   * A seat tapped on the canvas, when the owner wants to show it before acting on it (a phone's seat
   * card); without it a tap activates the seat. Keyboard and list view still activate.
   */
  onSeatTap?: (seat: SeatDescription) => void;
  /**
   * Seats chosen by dragging a rectangle (the back office's plan editor): Shift+drag, or any drag while
   * `dragSelects` is on; `additive` with Shift held. Without it a drag always pans (the shop).
   */
  onSeatsInRect?: (indices: number[], how: { additive: boolean }) => void;
  dragSelects?: boolean;
  onLoaded?: (report: LoadReport, handle: SeatMapHandle) => void;
  onLoadError?: (error: unknown) => void;
  /** Bumped by the owner after it applied a new status map, so the list view re-reads the seats. */
  statusVersion?: number;
  height?: number | string;
  /** Drawn over the top of the map (the seat step's notices): it never moves the map. */
  overlay?: ReactNode;
  /**
   * A line the seat card adds for a seat (e.g. that taking it would leave a neighbour alone), or null;
   * asked for each seat the pointer rests on.
   */
  seatNote?: (seat: SeatDescription) => Promise<string | null>;
  ref?: Ref<SeatMapRef>;
}

export interface SeatMapRef {
  handle(): SeatMapHandle | null;
}

/**
 * The seat map component: React owns the canvas container, the controls around it and the texts;
 * drawing, hit testing and seat data live in the imperative map (`createSeatMap`). The map itself is
 * never mirrored in right-to-left languages; the controls are.
 */
export function SeatMap({ ref, ...props }: SeatMapProps) {
  const { t, i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<SeatMapHandle | null>(null);
  const focusRef = useRef(-1);
  /** The seat under the pointer now (-1: none), so a slow description never shows a seat left behind. */
  const hoverRef = useRef(-1);
  /** The next focus comes from a pointer (a click or a drag on the map), not from the keyboard. */
  const pointerFocusRef = useRef(false);
  const propsRef = useRef(props);
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const ready = handle !== null;
  const [loadedSource, setLoadedSource] = useState<MapSource | null>(null);
  const loading = props.source !== null && props.source !== loadedSource;
  const [hover, setHover] = useState<Hover | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [listView, setListView] = useState(false);
  const phone = usePhone();
  const [legendOpen, setLegendOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const [band, setBand] = useState<ScreenRect | null>(null);

  useEffect(() => {
    propsRef.current = props;
  });

  useImperativeHandle(ref, () => ({ handle: () => handleRef.current }), []);

  const activate = async (index: number, additive = false, tapped = false) => {
    const h = handleRef.current;
    if (!h || index < 0) return;
    const seat = await h.describe(index);
    const { onSeatTap, onSeatActivate } = propsRef.current;
    if (seat && tapped && onSeatTap) onSeatTap(seat);
    else if (seat) onSeatActivate?.(seat, { additive });
    setVersion((v) => v + 1);
  };

  // Create the map once; destroy it with the component.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    let disposed = false;
    let handle: SeatMapHandle | null = null;
    const observer = new ResizeObserver(() => handle?.resize(el.clientWidth, el.clientHeight));
    const create = () =>
      void createSeatMap(el, {
        colors: propsRef.current.colors,
        colorMode: propsRef.current.colorMode ?? 'ticketGroup',
        maxSeats: propsRef.current.maxSeats ?? 10,
        seatingPolicyId: propsRef.current.seatingPolicyId ?? 1,
        onTap: (i, mods) => void activate(i, mods.shift, true),
        dragSelect: {
          starts: (e) =>
            propsRef.current.onSeatsInRect !== undefined &&
            (e.shiftKey || propsRef.current.dragSelects === true),
          onBand: setBand,
          onSeats: (indices, mods) => propsRef.current.onSeatsInRect?.(indices, { additive: mods.shift }),
        },
        onHover: (i, at) => {
          hoverRef.current = i;
          if (i < 0 || !at) return setHover(null);
          void (async () => {
            const seat = await handle?.describe(i);
            if (!seat) return;
            const note = (await propsRef.current.seatNote?.(seat)) ?? null;
            // The pointer may have moved on meanwhile: show only the seat it still rests on.
            if (hoverRef.current === i) setHover({ seat, x: at.x, y: at.y, note });
          })();
        },
      }).then((h) => {
        if (disposed) return h.destroy();
        handle = h;
        handleRef.current = h;
        observer.observe(el);
        setHandle(h);
      });
    // The map is made once the browser has laid the container out (a resize observer's first word comes
    // after layout), in a task of its own after that frame: reading its size here, right after React
    // added it, forced that layout inside React's task (30–45 ms of a mounting order page's longest task).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const laidOut = new ResizeObserver(() => {
      laidOut.disconnect();
      timer = setTimeout(() => {
        if (!disposed) create();
      }, 0);
    });
    laidOut.observe(el);
    return () => {
      disposed = true;
      clearTimeout(timer);
      laidOut.disconnect();
      observer.disconnect();
      handle?.destroy();
      handleRef.current = null;
    };
    // The map is created once; later prop changes reach it through propsRef.
  }, []);

  // Load whenever the source changes.
  useEffect(() => {
    const h = handle;
    if (!h || !props.source) return;
    let stale = false;
    const source = props.source;
    focusRef.current = -1;
    h.load(source, {
      maxSeats: props.maxSeats,
      seatingPolicyId: props.seatingPolicyId,
      locale: i18n.language,
    }).then(
      (report) => {
        if (stale) return;
        setLoadedSource(source);
        setVersion((v) => v + 1);
        propsRef.current.onLoaded?.(report, h);
      },
      (err: unknown) => {
        if (stale) return;
        setLoadedSource(source);
        propsRef.current.onLoadError?.(err);
      },
    );
    return () => {
      stale = true;
    };
  }, [handle, props.source, props.maxSeats, props.seatingPolicyId, i18n.language]);

  const describeForVoice = (seat: SeatDescription) => {
    const price = propsRef.current.priceOf?.(seat.ticketGroup);
    return t('seatmap.announce', {
      section: seat.section,
      row: seat.row,
      seat: seat.seat,
      kind: t(`seatmap.kind.${seat.kind}`),
      price: price ? `, ${price}` : '',
    });
  };

  const moveFocus = async (index: number) => {
    const h = handleRef.current;
    if (!h || index < 0) return;
    focusRef.current = index;
    h.setFocus(index);
    h.reveal(index);
    const seat = await h.describe(index);
    if (seat) setAnnouncement(describeForVoice(seat));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const h = handleRef.current;
    const data = h?.data();
    if (!h || !data) return;
    const dir = ({ ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' } as const)[
      e.key as 'ArrowLeft'
    ];
    if (dir) {
      e.preventDefault();
      void moveFocus(nextSeat(data, focusRef.current, dir));
    } else if ((e.key === 'Enter' || e.key === ' ') && focusRef.current >= 0) {
      e.preventDefault();
      void activate(focusRef.current, e.shiftKey);
    } else if (e.key === '+' || e.key === '=') {
      h.zoomBy(1.25);
    } else if (e.key === '-') {
      h.zoomBy(0.8);
    } else if (e.key === '0') {
      h.fitToScreen();
    }
  };

  const h = handle;
  // Seats coloured by price level: which colour is which price.
  const byPrice = (props.colorMode ?? 'ticketGroup') === 'ticketGroup';
  const priceLevels = byPrice && loadedSource && h ? (h.data()?.levels ?? []) : [];
  return (
    <Box pos="relative" data-testid="seat-map">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        {props.legendMode === 'none' ? (
          <span />
        ) : phone ? (
          // On a phone the legend folds away so that the map comes first; a tap shows it below.
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={legendOpen}
            onClick={() => setLegendOpen((open) => !open)}
            data-testid="legend-toggle"
          >
            {t('seatmap.legend')}
          </Button>
        ) : (
          <SeatLegend colors={props.colors} mode={props.legendMode ?? 'full'} />
        )}
        <Group gap={4} role="toolbar" aria-label={t('seatmap.controls')}>
          <Control label={t('seatmap.zoomIn')} onClick={() => h?.zoomBy(1.4)} glyph="+" />
          <Control label={t('seatmap.zoomOut')} onClick={() => h?.zoomBy(1 / 1.4)} glyph="−" />
          <Control label={t('seatmap.fit')} onClick={() => h?.fitToScreen()} glyph="⤢" />
          <Control
            label={listView ? t('seatmap.mapView') : t('seatmap.listView')}
            onClick={() => setListView((v) => !v)}
            glyph={listView ? '▦' : '☰'}
            pressed={listView}
          />
        </Group>
      </Group>
      {priceLevels.length > 0 && props.priceOf ? (
        <Box mb="xs">
          <PriceLegend levels={priceLevels} priceOf={props.priceOf} />
        </Box>
      ) : loading && byPrice && props.priceOf ? (
        // The prices' line is kept while the plan loads, so the map does not move down when it comes.
        <Box mb="xs" h="calc(var(--mantine-font-size-xs) * var(--mantine-line-height-xs))" aria-hidden />
      ) : null}
      {phone && legendOpen && props.legendMode !== 'none' ? (
        <Box mb="xs">
          <SeatLegend colors={props.colors} mode={props.legendMode ?? 'full'} />
        </Box>
      ) : null}
      <Box pos="relative" dir="ltr">
        <Box
          ref={containerRef}
          dir="ltr"
          tabIndex={0}
          role="application"
          aria-label={t('seatmap.label')}
          aria-describedby="seatmap-instructions"
          onKeyDown={onKeyDown}
          onPointerDownCapture={() => {
            pointerFocusRef.current = true;
            // A tap or a drag makes the card stale (the seat changes, or the map moves under it).
            hoverRef.current = -1;
            setHover(null);
          }}
          onFocus={() => {
            // Tabbing in puts the keyboard on the first seat; a click or a drag that focuses the map must
            // not move it there.
            const byPointer = pointerFocusRef.current;
            pointerFocusRef.current = false;
            if (byPointer) return;
            const data = h?.data();
            if (focusRef.current < 0 && data && data.count > 0) void moveFocus(nextSeat(data, -1, 'right'));
          }}
          style={{
            height: props.height ?? 480,
            borderRadius: 8,
            overflow: 'hidden',
            background: props.colors.background,
            display: listView ? 'none' : 'block',
            outlineOffset: 2,
          }}
          data-testid="seat-map-canvas"
        />
        {loading || !ready ? (
          <Group pos="absolute" top="50%" left="50%" style={{ transform: 'translate(-50%, -50%)' }} gap="xs">
            <Loader size="sm" />
            <Text c="dimmed" size="sm">
              {t('seatmap.loading')}
            </Text>
          </Group>
        ) : null}
        {hover && !listView && !band ? <SeatTooltip hover={hover} priceOf={props.priceOf} /> : null}
        {band && !listView ? <Band rect={band} /> : null}
        {props.overlay}
      </Box>
      <VisuallyHidden id="seatmap-instructions">{t('seatmap.instructions')}</VisuallyHidden>
      <VisuallyHidden aria-live="polite" data-testid="seat-map-live">
        {announcement}
      </VisuallyHidden>
      {listView && h ? (
        <SeatListView
          handle={h}
          version={version + (props.statusVersion ?? 0)}
          priceOf={props.priceOf}
          onPick={(i) => void activate(i)}
        />
      ) : null}
    </Box>
  );
}
