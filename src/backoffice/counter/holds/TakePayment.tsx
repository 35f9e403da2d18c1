import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterPayment } from '../../../api/contract/counter.ts';
import { changeDue, counterLeft, counterProblem } from '../../../domain/payment/counter.ts';
import { formatPrice } from '../../../i18n/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import { paymentsOf, type TenderRow, tendersOf } from '../sale.ts';
import { TenderFields } from '../TenderFields.tsx';

type Method = TenderRow['method'];

function newRow(id: number, method: Method, amount: number | null): TenderRow {
  if (method === 'cash') return { id, method, amount, tendered: null };
  if (method === 'giftCard') return { id, method, amount: null, reference: '' };
  return { id, method, amount, reference: '', last4: '' };
}

/** Rows the box office would refuse as typed: a card without its reference, a gift card without its code. */
const unfinished = (rows: readonly TenderRow[]) =>
  rows.some((r) => r.method !== 'cash' && (r.amount ?? 0) > 0 && !r.reference.trim());

/**
 * The money for `due` taken at the counter, with the sale's own payment rows (TenderFields: cash with
 * what was handed over, a card on the terminal, gift cards, or a mix). What is left and the change come
 * from the rule the box office enforces (src/domain/payment/counter.ts); `onTake` runs once the rows pay
 * exactly what is due. It starts with cash for the whole amount: type what was handed over, press Enter.
 */
export function TakePayment({
  due,
  busy,
  action,
  onTake,
}: {
  due: number;
  busy: boolean;
  /** The confirm button's label. */
  action: string;
  onTake(payments: CounterPayment[]): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [rows, setRows] = useState<TenderRow[]>(() => [newRow(1, 'cash', due)]);
  const money = (n: number) => formatPrice(n, locale);
  const tenders = tendersOf(rows);
  const left = counterLeft(due, tenders);
  const change = changeDue(tenders);
  const problem = counterProblem(due, tenders);
  const ready = problem === null && !unfinished(rows) && !busy;
  const take = () => {
    if (ready) onTake(paymentsOf(rows));
  };
  const add = (method: Method) =>
    setRows((r) => [...r, newRow(Math.max(0, ...r.map((x) => x.id)) + 1, method, Math.max(0, left))]);
  const methods: Method[] = rows.some((r) => r.method === 'cash')
    ? ['cardPresent', 'giftCard']
    : ['cash', 'cardPresent', 'giftCard'];

  return (
    <Stack gap="sm" data-testid="take-payment">
      {rows.map((row, i) => (
        <TenderFields
          key={row.id}
          row={row}
          first={i === 0}
          fixedAmount={rows.length === 1}
          rest={left}
          removable={rows.length > 1}
          onChange={(next) => setRows((r) => r.map((x) => (x.id === row.id ? next : x)))}
          onRemove={() =>
            setRows((r) => {
              const kept = r.filter((x) => x.id !== row.id);
              // The one way of paying left pays it all (its amount is no longer typed).
              return kept.length === 1 ? [{ ...kept[0]!, amount: due }] : kept;
            })
          }
          onEnter={take}
        />
      ))}
      <Group gap="xs">
        {methods.map((m) => (
          <Button
            key={m}
            variant="default"
            mih={TOUCH_PX}
            onClick={() => add(m)}
            data-testid={`holds-add-${m}`}
          >
            {t(`backoffice.holds.pay.add.${m}`)}
          </Button>
        ))}
      </Group>
      <Group justify="space-between" align="baseline">
        <Text>{left >= 0 ? t('backoffice.holds.pay.left') : t('backoffice.holds.pay.over')}</Text>
        <Text fw={700} data-testid="holds-left">
          {money(Math.abs(left))}
        </Text>
      </Group>
      <Group justify="space-between" align="baseline">
        <Text fz="xl" fw={700}>
          {t('backoffice.holds.pay.change')}
        </Text>
        <Text fz={32} fw={900} c={change > 0 ? 'teal' : undefined} data-testid="holds-change">
          {money(change)}
        </Text>
      </Group>
      {problem && tenders.some((x) => x.amount > 0) ? (
        <Text c="orange" size="sm" data-testid="holds-payment-problem">
          {t(`errors.${problem.code}`, { defaultValue: t('errors.counter_payment_mismatch') })}
        </Text>
      ) : null}
      <Button size="lg" mih={56} onClick={take} disabled={!ready} loading={busy} data-testid="holds-collect">
        {action}
      </Button>
    </Stack>
  );
}
