import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashUp as CashUpData } from '../../../api/contract/counterShifts.ts';
import { addDaysIso } from '../../../domain/venue.ts';
import { formatPrice, venueToday } from '../../../i18n/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useAsync } from '../../../ui/useAsync.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { staffDateTime } from '../../reports/format.ts';
import { type Column, RecordTable } from '../../ui/RecordTable.tsx';
import { TOUCH_PX, touchInput } from '../../ui/touch.ts';
import { shiftApi } from './api.ts';
import { CashUp } from './CashUp.tsx';

/**
 * The shifts opened on a range of days, newest first, each opening its cash-up: a manager sees every
 * clerk's, a clerk their own (the box office decides).
 */
export function ShiftList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = venueToday();
  const [from, setFrom] = useState(addDaysIso(today, -6));
  const [to, setTo] = useState(today);
  const [open, setOpen] = useState<CashUpData | null>(null);
  const state = useAsync((signal) => shiftApi.shifts({ from, to }, signal), `${from}|${to}`);
  const money = (n: number | null) => (n === null ? '—' : formatPrice(n, locale));
  const k = (key: string) => t(`backoffice.shift.list.${key}`);

  if (open)
    return (
      <Stack gap="sm">
        <Group>
          <Button variant="subtle" mih={TOUCH_PX} onClick={() => setOpen(null)} data-testid="shifts-back">
            {k('back')}
          </Button>
        </Group>
        <CashUp cashUp={open} />
      </Stack>
    );

  const columns: Column<CashUpData>[] = [
    { key: 'opened', label: k('opened'), render: (s) => staffDateTime(s.openedAt, locale) },
    { key: 'clerk', label: k('clerk'), render: (s) => s.staffName },
    {
      key: 'state',
      label: k('state'),
      render: (s) =>
        s.closedAt ? (
          <Text span c="dimmed">
            {k('closed')}
          </Text>
        ) : (
          <Text span c="teal" fw={600}>
            {k('open')}
          </Text>
        ),
    },
    { key: 'sales', label: k('sales'), render: (s) => money(s.sales.total.amount) },
    { key: 'expected', label: k('expected'), render: (s) => money(s.cashExpected) },
    { key: 'counted', label: k('counted'), render: (s) => money(s.countedCash) },
    {
      key: 'difference',
      label: k('difference'),
      render: (s) =>
        s.difference === null ? (
          '—'
        ) : (
          <Text span c={s.difference === 0 ? 'teal' : 'red'} fw={600}>
            {money(s.difference)}
          </Text>
        ),
    },
    {
      key: 'open',
      label: '',
      bare: true,
      render: (s) => (
        <Button size="xs" variant="light" mih={TOUCH_PX} onClick={() => setOpen(s)} data-testid="shift-open">
          {k('cashUp')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm" data-testid="shift-list">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={k('from')}
          styles={touchInput}
          value={from}
          max={to}
          onChange={(e) => setFrom(e.currentTarget.value)}
          data-testid="shifts-from"
        />
        <TextInput
          type="date"
          label={k('to')}
          styles={touchInput}
          value={to}
          min={from}
          onChange={(e) => setTo(e.currentTarget.value)}
          data-testid="shifts-to"
        />
      </Group>
      {state.status === 'error' ? <Alert color="red">{errorText(t, state.error)}</Alert> : null}
      {state.status === 'loading' ? <Skeleton height={160} radius="md" aria-busy="true" /> : null}
      {state.status === 'done' && state.data.shifts.length === 0 ? (
        <Text c="dimmed" data-testid="shifts-none">
          {k('none')}
        </Text>
      ) : null}
      {state.status === 'done' && state.data.shifts.length > 0 ? (
        <RecordTable
          rows={state.data.shifts}
          rowKey={(s) => s.id}
          columns={columns}
          rowAttributes={(s) => ({ 'data-shift': s.id })}
          minWidth={720}
        />
      ) : null}
    </Stack>
  );
}
