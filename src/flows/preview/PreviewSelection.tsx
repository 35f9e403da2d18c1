import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { SeatConfirmDialog } from '../../seatmap/SeatConfirmDialog.tsx';
import type { Confirm } from '../../../workers/seatplan/rules.ts';

interface Props {
  handle: SeatMapHandle | null;
  policy3: boolean;
  onPolicy3: (on: boolean) => void;
}

export interface PreviewSelectionApi {
  /** A seat was clicked, tapped or chosen by keyboard on the map. */
  activate(seat: SeatDescription): Promise<void>;
}

/**
 * Lets staff try the seat rules on a plan: clicking selects or releases seats through the same rules
 * the order flow uses (maximum seats, sofas, companions, the single-seat rule), and auto-select picks
 * the best or first available seats.
 */
export function usePreviewSelection(handle: SeatMapHandle | null) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<{ seats: number[]; confirm: Confirm[] } | null>(null);

  const refresh = async () => {
    if (!handle) return;
    const indices = await handle.engine.call('selected');
    const seats = await Promise.all(indices.map((i) => handle.describe(i)));
    setSelected(
      seats
        .filter((s) => s !== null)
        .map((s) => t('seatmap.seatTitle', { section: s.section, row: s.row, seat: s.seat })),
    );
  };

  const fail = (code: string, params?: Record<string, string | number>) =>
    setMessage(t(`seatmap.rules.${code}`, params ?? {}));

  const activate = async (seat: SeatDescription) => {
    if (!handle) return;
    setMessage(null);
    const releasing = seat.kind === 'selected';
    const r = await handle.engine.call(releasing ? 'checkDeselect' : 'checkSelect', seat.index);
    if (!r.ok) return fail(r.code, r.params);
    if (!releasing && r.confirm.length > 0) return setPending({ seats: r.seats, confirm: r.confirm });
    await handle.setSelected(r.seats, !releasing);
    await refresh();
  };

  const accept = async () => {
    if (handle && pending) await handle.setSelected(pending.seats, true);
    setPending(null);
    await refresh();
  };

  const auto = async (count: number, mode: 'best' | 'first') => {
    if (!handle) return;
    setMessage(null);
    const current = await handle.engine.call('selected');
    if (current.length) await handle.setSelected(current, false);
    const r = await handle.engine.call('autoSelect', count, mode);
    if (!r.ok) {
      if (current.length) await handle.setSelected(current, true);
      return fail(r.code, r.params);
    }
    await handle.setSelected(r.seats, true);
    await refresh();
  };

  const clear = async () => {
    if (!handle) return;
    await handle.setSelected(await handle.engine.call('selected'), false);
    setMessage(null);
    await refresh();
  };

  const dialog = (
    <SeatConfirmDialog
      confirm={pending?.confirm ?? null}
      onAccept={() => void accept()}
      onCancel={() => setPending(null)}
    />
  );
  return { activate, auto, clear, selected, message, dialog };
}

export function PreviewSelectionPanel({
  handle,
  policy3,
  onPolicy3,
  selection,
}: Props & { selection: ReturnType<typeof usePreviewSelection> }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number>(2);
  return (
    <Card withBorder padding="md" data-testid="preview-selection">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('preview.trySelecting')}
          </Text>
          <Switch
            checked={policy3}
            onChange={(e) => onPolicy3(e.currentTarget.checked)}
            label={t('preview.policy')}
          />
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('preview.quantity')}
            min={1}
            max={10}
            value={count}
            onChange={(v) => setCount(typeof v === 'number' ? v : 1)}
            w={140}
          />
          <Button variant="light" disabled={!handle} onClick={() => void selection.auto(count, 'best')}>
            {t('preview.autoBest')}
          </Button>
          <Button variant="default" disabled={!handle} onClick={() => void selection.auto(count, 'first')}>
            {t('preview.autoFirst')}
          </Button>
          <Button
            variant="subtle"
            disabled={selection.selected.length === 0}
            onClick={() => void selection.clear()}
          >
            {t('preview.clear')}
          </Button>
        </Group>
        {selection.message ? (
          <Alert color="orange" data-testid="preview-rule-message">
            {selection.message}
          </Alert>
        ) : null}
        <Text size="sm" data-testid="preview-selected">
          {t('preview.selected', { count: selection.selected.length })}
          {selection.selected.length ? `: ${selection.selected.join('; ')}` : ''}
        </Text>
      </Stack>
      {selection.dialog}
    </Card>
  );
}
