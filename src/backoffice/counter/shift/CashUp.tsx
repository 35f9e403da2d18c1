import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashUp as CashUpData } from '../../../api/contract/counterShifts.ts';
import { formatPrice } from '../../../i18n/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { staffDateTime } from '../../reports/format.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import { shiftApi } from './api.ts';

/** Printing shows the cash-up alone: everything else on the page (the dialog's backdrop too) is hidden. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-cashup-print], [data-cashup-print] * { visibility: visible !important; }
  [data-cashup-print] { position: absolute; inset: 0; padding: 16px; }
  [data-cashup-noprint] { display: none !important; }
}`;

/**
 * A shift's cash-up (issue 36): the float, what was taken by method, what was given back at the counter,
 * the cash the drawer should hold and what was counted, with the difference; while the shift is open,
 * its running figures. A CSV of it and a print of it alone.
 */
export function CashUp({ cashUp }: { cashUp: CashUpData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (n: number) => formatPrice(n, locale);
  const k = (key: string) => t(`backoffice.shift.cashUp.${key}`);
  const row = (id: string, label: ReactNode, count: number | null, amount: ReactNode, strong = false) => (
    <Table.Tr key={id} data-testid={`cashup-${id}`} fw={strong ? 700 : undefined}>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="end">{count ?? ''}</Table.Td>
      <Table.Td ta="end">{amount}</Table.Td>
    </Table.Tr>
  );
  const { sales, refunds } = cashUp;
  const balanced = cashUp.difference === 0;
  return (
    <Stack gap="sm" data-testid="cashup" data-cashup-print>
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Title order={3} fz="h4">
            {t('backoffice.shift.cashUp.title', { name: cashUp.staffName })}
          </Title>
          <Text size="sm" c="dimmed">
            {cashUp.closedAt
              ? t('backoffice.shift.cashUp.period', {
                  from: staffDateTime(cashUp.openedAt, locale),
                  to: staffDateTime(cashUp.closedAt, locale),
                })
              : t('backoffice.shift.cashUp.running', { from: staffDateTime(cashUp.openedAt, locale) })}
          </Text>
        </div>
        {cashUp.difference === null ? null : (
          <Badge
            size="lg"
            color={balanced ? 'teal' : 'red'}
            variant="light"
            data-testid={balanced ? 'cashup-balanced' : 'cashup-unbalanced'}
          >
            {balanced ? k('balanced') : k('notBalanced')}
          </Badge>
        )}
      </Group>
      <Table verticalSpacing={6} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="end">{k('count')}</Table.Th>
            <Table.Th ta="end">{k('amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row('float', k('openingFloat'), null, money(cashUp.openingFloat))}
          {row('sales-cash', k('salesCash'), sales.cash.count, money(sales.cash.amount))}
          {row('sales-card', k('salesCard'), sales.cardPresent.count, money(sales.cardPresent.amount))}
          {row('sales-gift', k('salesGiftCard'), sales.giftCard.count, money(sales.giftCard.amount))}
          {row('sales-total', k('salesTotal'), sales.total.count, money(sales.total.amount), true)}
          {row('change', k('changeGiven'), null, money(cashUp.changeGiven))}
          {row('refunds-cash', k('refundsCash'), refunds.cash.count, money(refunds.cash.amount))}
          {row(
            'refunds-card',
            k('refundsCard'),
            refunds.cardPresent.count,
            money(refunds.cardPresent.amount),
          )}
          {refunds.other.count > 0
            ? row('refunds-other', k('refundsOther'), refunds.other.count, money(refunds.other.amount))
            : null}
          {row('expected', k('cashExpected'), null, money(cashUp.cashExpected), true)}
          {cashUp.countedCash === null
            ? null
            : row('counted', k('countedCash'), null, money(cashUp.countedCash), true)}
          {cashUp.difference === null
            ? null
            : row(
                'difference',
                k('difference'),
                null,
                <Text span fw={700} c={balanced ? 'teal' : 'red'}>
                  {cashUp.difference > 0 ? '+' : ''}
                  {money(cashUp.difference)}
                </Text>,
                true,
              )}
          {row('orders', k('orders'), cashUp.orders, '')}
          {row('tickets', k('tickets'), cashUp.tickets, '')}
        </Table.Tbody>
      </Table>
      {cashUp.note ? (
        <Text size="sm" data-testid="cashup-note">
          {t('backoffice.shift.cashUp.note', { note: cashUp.note })}
        </Text>
      ) : null}
      <Group gap="sm" data-cashup-noprint>
        <Button
          component="a"
          variant="light"
          mih={TOUCH_PX}
          href={shiftApi.shiftCsvUrl(cashUp.id)}
          download
          data-testid="cashup-csv"
        >
          {k('csv')}
        </Button>
        <Button variant="default" mih={TOUCH_PX} onClick={() => window.print()} data-testid="cashup-print">
          {k('print')}
        </Button>
      </Group>
    </Stack>
  );
}
