import { ActionIcon, Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { formatPrice } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { MoneyInput } from './shift/MoneyInput.tsx';
import { cashSuggestions, type TenderRow } from './sale.ts';

const methods: readonly TenderRow['method'][] = ['cash', 'cardPresent', 'giftCard'];

/**
 * One way the customer pays at the counter (issue 36): cash (the amount, what was handed over, quick
 * sums for it), a card on the venue's terminal (its approval number, the last four digits if typed), or a
 * gift card (its code; its balance, looked up on Enter or its button, fills the amount). `rest`: what more
 * this row may take (what is left to pay, or what the row paying the rest pays now), for the "rest" button
 * and the balance. Enter in an amount field asks for the sale.
 */
export function TenderFields({
  row,
  rest,
  removable,
  first,
  fixedAmount,
  onMethod,
  onChange,
  onRemove,
  onEnter,
}: {
  row: TenderRow;
  rest: number;
  removable: boolean;
  first: boolean;
  /** Its amount is not typed: the only way of paying (the total), or the one that takes the rest. */
  fixedAmount: boolean;
  /** When given, the row's way of paying is chosen on it (the sale's first row). */
  onMethod?(method: TenderRow['method']): void;
  onChange(row: TenderRow): void;
  onRemove(): void;
  onEnter(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  const balance = useAction();
  const money = (n: number) => formatPrice(n, locale);
  const label = t(`backoffice.counter.method.${row.method}`);
  const enter = (e: { key: string }) => {
    if (e.key === 'Enter') onEnter();
  };
  const lookUp = (reference: string) =>
    void balance.run(async () => {
      const found = await api.voucherBalance(reference.trim());
      onChange({ ...row, amount: Math.min(found.balance, rest + (row.amount ?? 0)) });
    });

  return (
    <Card withBorder padding="sm" data-testid={`counter-tender-${row.method}`}>
      <Stack gap="xs">
        {onMethod ? (
          <SegmentedControl
            value={row.method}
            onChange={(m) => onMethod(m as TenderRow['method'])}
            aria-label={t('backoffice.counter.howPaid')}
            data={methods.map((m) => ({ value: m, label: t(`backoffice.counter.method.${m}`) }))}
            fullWidth
            orientation={phone ? 'vertical' : 'horizontal'}
            styles={{ label: { minHeight: TOUCH_PX - 8, display: 'flex', alignItems: 'center' } }}
            data-testid="counter-tender-method"
          />
        ) : null}
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{label}</Text>
          {fixedAmount ? (
            <Text fw={700} data-testid="counter-tender-fixed">
              {money(row.amount ?? 0)}
            </Text>
          ) : null}
          {removable ? (
            <ActionIcon
              variant="subtle"
              color="red"
              size={TOUCH_PX}
              aria-label={t('backoffice.counter.removePayment', { method: label })}
              onClick={onRemove}
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {row.method === 'giftCard' ? (
            <TextInput
              label={t('backoffice.counter.giftCode')}
              value={row.reference}
              onChange={(e) => onChange({ ...row, reference: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && row.reference.trim()) lookUp(row.reference);
              }}
              autoFocus={!first}
              dir="ltr"
              w={200}
              styles={touchInput}
              error={balance.error ? errorText(t, balance.error) : undefined}
              data-testid="counter-gift-code"
            />
          ) : null}
          {row.method === 'giftCard' ? (
            <Button
              variant="default"
              mih={TOUCH_PX}
              loading={balance.busy}
              disabled={!row.reference.trim()}
              onClick={() => lookUp(row.reference)}
              data-testid="counter-gift-balance"
            >
              {t('backoffice.counter.giftBalance')}
            </Button>
          ) : null}
          {fixedAmount ? null : (
            <>
              <MoneyInput
                label={t('backoffice.counter.amount')}
                value={row.amount}
                onChange={(amount) => onChange({ ...row, amount })}
                onEnter={onEnter}
                testId="counter-tender-amount"
              />
              <Button
                variant="default"
                mih={TOUCH_PX}
                onClick={() => onChange({ ...row, amount: rest + (row.amount ?? 0) })}
                disabled={rest + (row.amount ?? 0) <= 0}
                data-testid="counter-tender-rest"
              >
                {t('backoffice.counter.rest', { amount: money(Math.max(0, rest + (row.amount ?? 0))) })}
              </Button>
            </>
          )}
          {row.method === 'cash' ? (
            <MoneyInput
              label={t('backoffice.counter.tendered')}
              value={row.tendered}
              onChange={(tendered) => onChange({ ...row, tendered })}
              onEnter={onEnter}
              autoFocus={first}
              testId="counter-cash-tendered"
            />
          ) : null}
          {row.method === 'cardPresent' ? (
            <>
              <TextInput
                label={t('backoffice.counter.cardReference')}
                value={row.reference}
                onChange={(e) => onChange({ ...row, reference: e.currentTarget.value })}
                autoFocus={!first}
                dir="ltr"
                w={160}
                styles={touchInput}
                data-testid="counter-card-reference"
              />
              <TextInput
                label={t('backoffice.counter.last4')}
                value={row.last4}
                onChange={(e) =>
                  onChange({ ...row, last4: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) })
                }
                onKeyDown={enter}
                inputMode="numeric"
                dir="ltr"
                w={140}
                styles={touchInput}
                data-testid="counter-card-last4"
              />
            </>
          ) : null}
        </Group>
        {row.method === 'cash' && (row.amount ?? 0) > 0 ? (
          <Group gap="xs" data-testid="counter-cash-quick">
            {cashSuggestions(row.amount ?? 0).map((v, i) => (
              <Button
                key={v}
                size="compact-md"
                variant={row.tendered === v ? 'filled' : 'light'}
                onClick={() => onChange({ ...row, tendered: v })}
                data-testid={i === 0 ? 'counter-cash-exact' : 'counter-cash-quick-sum'}
              >
                {i === 0 ? t('backoffice.counter.exact', { amount: money(v) }) : money(v)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
