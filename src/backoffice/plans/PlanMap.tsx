import { Box, Button, Group, SegmentedControl, Switch, Text } from '@mantine/core';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import type { SeatKey } from '../../domain/seatKey.ts';
import type { MapSource, SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { DEFAULT_COLORS } from '../../seatmap/palette.ts';
import { SeatMap } from '../../seatmap/SeatMap.tsx';
import type { Camera } from '../../seatmap/camera.ts';
import { session } from '../../state/session.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { TOUCH_PX } from '../ui/touch.ts';

/** The venue's seat colours, as the shop draws them. */
function useColors() {
  const { settings } = useSnapshot(session);
  return settings?.seatplan.colors ?? DEFAULT_COLORS;
}

/** Shows `keys` as selected on a loaded map: the seats it shows selected become exactly those. */
async function showKeys(h: SeatMapHandle, keys: ReadonlySet<SeatKey>, shown: Set<number>): Promise<void> {
  const want = new Set<number>();
  for (const k of keys) {
    const i = h.indexOfKey(k);
    if (i >= 0) want.add(i);
  }
  const off = [...shown].filter((i) => !want.has(i));
  const on = [...want].filter((i) => !shown.has(i));
  shown.clear();
  for (const i of want) shown.add(i);
  if (off.length) await h.setSelected(off, false);
  if (on.length) await h.setSelected(on, true);
}

export interface PlanEditorMapRef {
  /** Selects one seat and brings it into view (a problem's seat). */
  reveal(key: SeatKey): void;
}

/**
 * A version's plan drawn by the shop's seat map, zoomable as in the shop, with seats to select for an
 * edit: a click selects one seat (again: none), Shift+click adds or takes one away, Shift+drag (or any
 * drag in "select" mode, on a touch screen) selects the seats in a rectangle. The selection is kept by
 * seat key, so it survives the redraw after each edit, as does the view.
 */
export function PlanEditorMap({
  plan,
  selection,
  onSelection,
  ref,
}: {
  plan: Seatplan;
  selection: ReadonlySet<SeatKey>;
  onSelection(next: Set<SeatKey>): void;
  ref?: Ref<PlanEditorMapRef>;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const colors = useColors();
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [loads, setLoads] = useState(0);
  const [dragSelects, setDragSelects] = useState(false);
  const [adding, setAdding] = useState(false);
  const shown = useRef(new Set<number>());
  const view = useRef<{ id: number; camera: Camera } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const source = useMemo<MapSource>(() => ({ plan }), [plan]);

  // A new plan (after an edit) is drawn fitted to the screen: keep the view the staff member had.
  useEffect(() => {
    view.current = handle ? { id: plan.seatplanId, camera: handle.renderer.camera } : null;
  }, [plan, handle]);

  useEffect(() => {
    if (handle && loads > 0) void showKeys(handle, selection, shown.current);
  }, [handle, loads, selection]);

  useImperativeHandle(
    ref,
    () => ({
      reveal(key) {
        onSelection(new Set([key]));
        const i = handle?.indexOfKey(key) ?? -1;
        if (i < 0 || !handle) return;
        box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
        handle.reveal(i);
        handle.setFocus(i);
      },
    }),
    [handle, onSelection],
  );

  const activate = (seat: SeatDescription, how: { additive: boolean }) => {
    const key = seat.key;
    if (how.additive || adding) {
      const next = new Set(selection);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return onSelection(next);
    }
    onSelection(selection.size === 1 && selection.has(key) ? new Set() : new Set([key]));
  };

  const inRect = (indices: number[], how: { additive: boolean }) => {
    if (!handle) return;
    const keys = indices.map((i) => handle.keyOf(i));
    onSelection(how.additive || adding ? new Set([...selection, ...keys]) : new Set(keys));
  };

  return (
    <Box ref={box} data-testid="plan-map">
      <Group gap="sm" mb="xs" wrap="wrap" justify="space-between">
        <SegmentedControl
          value={dragSelects ? 'select' : 'move'}
          onChange={(v) => setDragSelects(v === 'select')}
          aria-label={t('backoffice.plans.dragMode')}
          data={[
            { value: 'move', label: t('backoffice.plans.dragMoves') },
            { value: 'select', label: t('backoffice.plans.dragSelects') },
          ]}
          styles={{ label: { minHeight: TOUCH_PX - 8, display: 'flex', alignItems: 'center' } }}
          data-testid="plan-drag-mode"
        />
        <Switch
          checked={adding}
          onChange={(e) => setAdding(e.currentTarget.checked)}
          label={t('backoffice.plans.tapAdds')}
          styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
        />
        <Button
          variant="subtle"
          mih={TOUCH_PX}
          disabled={selection.size === 0}
          onClick={() => onSelection(new Set())}
          data-testid="plan-clear-selection"
        >
          {t('backoffice.plans.clearSelection')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('backoffice.plans.mapHint')}
      </Text>
      <SeatMap
        source={source}
        colors={colors}
        legendMode={phone ? 'none' : 'compact'}
        height={phone ? 380 : 540}
        dragSelects={dragSelects}
        onSeatActivate={activate}
        onSeatsInRect={inRect}
        onLoaded={(_, h) => {
          const kept = view.current;
          if (kept && kept.id === plan.seatplanId) h.renderer.setCamera(kept.camera);
          shown.current.clear();
          setHandle(h);
          setLoads((n) => n + 1);
        }}
      />
    </Box>
  );
}

/**
 * A plan drawn read-only with some seats shown as selected: what a difference between two versions
 * touches (`keys`), for the side-by-side view.
 */
export function HighlightMap({
  plan,
  keys,
  height,
}: {
  plan: Seatplan;
  keys: ReadonlySet<SeatKey>;
  height: number;
}) {
  const colors = useColors();
  const source = useMemo<MapSource>(() => ({ plan }), [plan]);
  const shown = useRef(new Set<number>());
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (handle && loads > 0) void showKeys(handle, keys, shown.current);
  }, [handle, loads, keys]);
  return (
    <SeatMap
      source={source}
      colors={colors}
      legendMode="none"
      height={height}
      onLoaded={(_, h) => {
        shown.current.clear();
        setHandle(h);
        setLoads((n) => n + 1);
      }}
    />
  );
}
