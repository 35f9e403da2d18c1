import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CollectableHold } from '../../../api/contract/counterShifts.ts';
import { formatDateTime, formatPrice, pickText } from '../../../i18n/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';

/** What a hold order holds: its seats (show, place, price) and products, and the total to pay. */
export function HoldLines({ hold }: { hold: CollectableHold }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (n: number) => formatPrice(n, locale);
  return (
    <Stack gap="xs" data-testid="hold-lines">
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>
          {t('backoffice.holds.order', { rid: hold.reservationIdentifier, name: hold.customerName })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('backoffice.holds.deadline', { when: formatDateTime(hold.holdDeadline, locale) })}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} striped>
          <Table.Tbody>
            {hold.tickets.map((x, i) => (
              <Table.Tr key={`t${i}`} data-testid="hold-ticket">
                <Table.Td>
                  {pickText(x.title, locale)} · {formatDateTime(x.startsAt, locale)}
                </Table.Td>
                <Table.Td>
                  {x.row
                    ? t('backoffice.holds.place', { section: x.section, row: x.row, seat: x.seat })
                    : x.section}
                </Table.Td>
                <Table.Td ta="end">{money(x.price)}</Table.Td>
              </Table.Tr>
            ))}
            {hold.products.map((p, i) => (
              <Table.Tr key={`p${i}`}>
                <Table.Td>{pickText(p.name, locale)}</Table.Td>
                <Table.Td>× {p.quantity}</Table.Td>
                <Table.Td ta="end">{money(p.unitPrice * p.quantity)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" align="baseline">
        <Text fw={700}>{t('backoffice.holds.total')}</Text>
        <Text fz={28} fw={800} data-testid="hold-total">
          {money(hold.total)}
        </Text>
      </Group>
    </Stack>
  );
}
