import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { counterCustomerProblems } from '../../domain/counterCustomer.ts';
import { changeDue, counterLeft, counterProblem } from '../../domain/payment/counter.ts';
import { formatPrice } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { paymentsOf, saleTotals, type TenderRow, tendersOf } from './sale.ts';
import { counter, type CounterState, sell } from './saleStore.ts';
import { TenderFields } from './TenderFields.tsx';

type Method = TenderRow['method'];

function newRow(id: number, method: Method, amount: number | null): TenderRow {
  if (method === 'cash') return { id, method, amount, tendered: null };
  if (method === 'giftCard') return { id, method, amount: null, reference: '' };
  return { id, method, amount, reference: '', last4: '' };
}

/**
 * Taking the money (issue 36): the total, and the ways the customer pays. The first row pays whatever the
 * others leave (cash by default, its tendered field focused; switched to a card on the terminal or a gift
 * card in place); more rows split the total (a gift card's balance, part on a card). What is left and the
 * change show big, by the same rule the box office enforces (counterProblem); an optional name and phone;
 * then the sale. Enter in an amount field sells once the payments add up.
 */
export function PaymentPanel({ clerk }: { clerk: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { presentation: p, groups, seats, quantities } = useSnapshot(counter) as CounterState;
  const [rows, setRows] = useState<TenderRow[]>(() => [newRow(1, 'cash', null)]);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const { busy, error, run } = useAction();
  const money = (n: number) => formatPrice(n, locale);

  const products = (p?.products ?? []).map((pr) => ({ price: pr.price, quantity: quantities[pr.id] ?? 0 }));
  const totals = p ? saleTotals(groups, seats, p.serviceCharge.amount, products) : null;
  const due = totals?.total ?? 0;
  const empty = seats.length === 0 && products.every((x) => x.quantity === 0);
  // The first way of paying takes what the others leave of the total, as the total changes; the others
  // are typed (a gift card's balance, part on a card). Paid too much shows as a mismatch.
  const shown = useMemo(() => {
    const others = rows.slice(1).reduce((sum, r) => sum + (r.amount ?? 0), 0);
    return rows.map((r, i) => (i === 0 ? { ...r, amount: Math.max(0, due - others) } : r));
  }, [rows, due]);
  const rest = shown[0]?.amount ?? 0;
  const tenders = useMemo(() => tendersOf(shown), [shown]);
  const left = counterLeft(due, tenders);
  const change = changeDue(tenders);
  const problem = empty || !totals ? null : counterProblem(due, tenders);
  // Cash short says so once the clerk typed what was handed over, not before.
  const cashTyped = shown.some((r) => r.method === 'cash' && r.tendered !== null);
  const customerProblems = counterCustomerProblems({ name, phone });
  const fieldError = (field: string, label: string) => {
    const x = customerProblems.find((c) => c.field === field);
    return x ? t(`errors.${x.code}`, { field: label, ...x.params }) : undefined;
  };
  // A card needs the terminal's approval, a gift card its code, before the box office takes them.
  const unfinished = shown.some((r) => r.method !== 'cash' && (r.amount ?? 0) > 0 && !r.reference.trim());
  const ready =
    !empty && totals !== null && problem === null && !unfinished && customerProblems.length === 0 && !busy;

  const submit = () => {
    if (ready) void run(() => sell(paymentsOf(shown), { name, phone }, locale, clerk));
  };
  const add = (method: Method) =>
    setRows((r) => [...r, newRow(Math.max(0, ...r.map((x) => x.id)) + 1, method, null)]);
  // The first row's way of paying is switched in place; cash stays one row (one drawer, one change).
  const switchMethod = (method: Method) =>
    setRows((r) => [
      newRow(r[0]?.id ?? 1, method, null),
      ...r.slice(1).filter((x) => method !== 'cash' || x.method !== 'cash'),
    ]);

  if (!p) return null;
  return (
    <Card withBorder padding="md" data-testid="counter-payment">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="h4">
            {t('backoffice.counter.total')}
          </Title>
          <Text fz={28} fw={800} data-testid="counter-total">
            {money(due)}
          </Text>
        </Group>
        {shown.map((row, i) => (
          <TenderFields
            key={row.id}
            row={row}
            first={i === 0}
            fixedAmount={i === 0}
            {...(i === 0 ? { onMethod: switchMethod } : {})}
            rest={rest}
            removable={i > 0}
            onChange={(next) => setRows((r) => r.map((x) => (x.id === row.id ? next : x)))}
            onRemove={() => setRows((r) => r.filter((x) => x.id !== row.id))}
            onEnter={submit}
          />
        ))}
        <Group gap="xs">
          {rows.some((r) => r.method === 'cash') ? null : (
            <Button
              variant="default"
              mih={TOUCH_PX}
              onClick={() => add('cash')}
              data-testid="counter-add-cash"
            >
              {t('backoffice.counter.addCash')}
            </Button>
          )}
          <Button
            variant="default"
            mih={TOUCH_PX}
            onClick={() => add('cardPresent')}
            data-testid="counter-add-card"
          >
            {t('backoffice.counter.addCard')}
          </Button>
          <Button
            variant="default"
            mih={TOUCH_PX}
            onClick={() => add('giftCard')}
            data-testid="counter-add-gift"
          >
            {t('backoffice.counter.addGift')}
          </Button>
        </Group>
        <Group justify="space-between" align="baseline">
          <Text>{left >= 0 ? t('backoffice.counter.left') : t('backoffice.counter.over')}</Text>
          <Text fw={700} data-testid="counter-left" data-amount={left}>
            {money(Math.abs(left))}
          </Text>
        </Group>
        <Group justify="space-between" align="baseline" data-testid="counter-change-box">
          <Text fz="xl" fw={700}>
            {t('backoffice.counter.change')}
          </Text>
          <Text
            fz={40}
            fw={900}
            c={change > 0 ? 'teal' : undefined}
            data-testid="counter-change"
            data-amount={change}
          >
            {money(change)}
          </Text>
        </Group>
        {problem && (problem.code !== 'cash_tendered_short' || cashTyped) ? (
          <Text c="orange" size="sm" data-testid="counter-payment-problem">
            {t(`errors.${problem.code}`, { defaultValue: t('errors.counter_payment_mismatch') })}
          </Text>
        ) : null}
        <Group gap="sm" grow>
          <TextInput
            label={t('backoffice.counter.customerName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('customer.name', t('backoffice.counter.customerName'))}
            styles={touchInput}
            data-testid="counter-customer-name"
          />
          <TextInput
            label={t('backoffice.counter.customerPhone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={fieldError('customer.phone', t('backoffice.counter.customerPhone'))}
            inputMode="tel"
            dir="ltr"
            styles={touchInput}
            data-testid="counter-customer-phone"
          />
        </Group>
        {error ? (
          <Alert color="red" role="alert" data-testid="counter-sale-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Button
          size="lg"
          mih={56}
          onClick={submit}
          disabled={!ready}
          loading={busy}
          data-testid="counter-sell"
        >
          {t('backoffice.counter.sell', { amount: money(due) })}
        </Button>
      </Stack>
    </Card>
  );
}
