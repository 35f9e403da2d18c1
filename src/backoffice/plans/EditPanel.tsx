import { Button, Card, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanEditBody } from '../../api/contract/seatplanEdits.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { SEAT_FLAGS, type SelectionSummary } from './planModel.ts';
import { seatName } from './problemText.ts';

/** What one edit of the selected seats changes (the keys are added by the page). */
export type SeatChange = Omit<Extract<PlanEditBody, { op: 'setSeats' }>, 'op' | 'keys'>;

/**
 * The selected seats of a draft and what can be set on them at once: the price level, the four flags
 * (a flag set on some of them shows as mixed; a click sets it on all, or off when all have it), the sofa,
 * and the name of their row when they are all in one. Each change is saved at once.
 */
export function EditPanel({
  summary,
  levels,
  busy,
  onChange,
  onRenameRow,
}: {
  summary: SelectionSummary;
  levels: readonly { id: number; label: string }[];
  busy: boolean;
  onChange(change: SeatChange): void;
  onRenameRow(row: { sectionId: number; row: string; to: string }): void;
}) {
  const { t } = useTranslation();
  const mixed = summary.tg?.kind !== 'same';
  const tg = summary.tg?.kind === 'same' ? String(summary.tg.value) : '';
  return (
    <Card withBorder padding="md" data-testid="plan-edit-panel">
      <Stack gap="sm">
        <Title order={3} fz="h5" data-testid="plan-selected-count">
          {t('backoffice.plans.selected', { count: summary.count })}
        </Title>
        <Text size="sm" c="dimmed" data-testid="plan-selected-seats" style={{ overflowWrap: 'anywhere' }}>
          {summary.seats.map((s) => seatName(t, s)).join('; ')}
          {summary.count > summary.seats.length
            ? ` ${t('backoffice.plans.andMore', { count: summary.count - summary.seats.length })}`
            : ''}
        </Text>
        <NativeSelect
          label={t('backoffice.plans.priceLevelLabel')}
          value={tg}
          disabled={busy}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (v !== '') onChange({ tg: Number(v) });
          }}
          data={[
            ...(mixed ? [{ value: '', label: t('backoffice.plans.mixed'), disabled: true }] : []),
            ...levels.map((l) => ({ value: String(l.id), label: l.label })),
          ]}
          styles={touchInput}
          data-testid="plan-edit-level"
        />
        <Stack gap={0} role="group" aria-label={t('backoffice.plans.flagsLabel')}>
          {SEAT_FLAGS.map((f) => {
            const state = summary.flags[f];
            return (
              <Checkbox
                key={f}
                label={t(`backoffice.plans.flags.${f}`)}
                checked={state === 'on'}
                indeterminate={state === 'mixed'}
                disabled={busy}
                onChange={() => onChange({ [f]: state !== 'on' })}
                styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
                data-testid={`plan-edit-${f}`}
              />
            );
          })}
        </Stack>
        <SofaField
          key={summary.sofa?.kind === 'same' ? (summary.sofa.value ?? '') : '*'}
          summary={summary}
          busy={busy}
          onChange={onChange}
        />
        {summary.row ? (
          <RowField
            key={`${summary.row.sectionId}:${summary.row.row}`}
            row={summary.row}
            busy={busy}
            onRename={onRenameRow}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('backoffice.plans.rowOnlyOne')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function SofaField({
  summary,
  busy,
  onChange,
}: {
  summary: SelectionSummary;
  busy: boolean;
  onChange(change: SeatChange): void;
}) {
  const { t } = useTranslation();
  const same = summary.sofa?.kind === 'same' ? summary.sofa.value : undefined;
  const [sofa, setSofa] = useState(same ?? '');
  return (
    <Stack gap={6}>
      <TextInput
        label={t('backoffice.plans.sofa')}
        description={same === undefined ? t('backoffice.plans.mixed') : t('backoffice.plans.sofaHint')}
        value={sofa}
        maxLength={100}
        onChange={(e) => setSofa(e.currentTarget.value)}
        styles={touchInput}
        data-testid="plan-edit-sofa"
      />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          mih={TOUCH_PX}
          disabled={busy || sofa.trim() === '' || sofa.trim() === same}
          onClick={() => onChange({ sofa: sofa.trim() })}
        >
          {t('backoffice.plans.setSofa')}
        </Button>
        <Button
          variant="default"
          mih={TOUCH_PX}
          disabled={busy || same === null}
          onClick={() => onChange({ sofa: null })}
        >
          {t('backoffice.plans.noSofa')}
        </Button>
      </Group>
    </Stack>
  );
}

function RowField({
  row,
  busy,
  onRename,
}: {
  row: NonNullable<SelectionSummary['row']>;
  busy: boolean;
  onRename(row: { sectionId: number; row: string; to: string }): void;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState(row.row);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={t('backoffice.plans.rowName', { section: row.section })}
        value={to}
        maxLength={100}
        onChange={(e) => setTo(e.currentTarget.value)}
        styles={touchInput}
        style={{ flex: '1 1 10rem' }}
        data-testid="plan-edit-row"
      />
      <Button
        variant="light"
        mih={TOUCH_PX}
        disabled={busy || to.trim() === '' || to.trim() === row.row}
        onClick={() => onRename({ sectionId: row.sectionId, row: row.row, to: to.trim() })}
      >
        {t('backoffice.plans.renameRow')}
      </Button>
    </Group>
  );
}
