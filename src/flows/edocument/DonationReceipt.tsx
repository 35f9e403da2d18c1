import { Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../../api/contract/order.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** The donation receipt of a paid order: its number, the donor, the date, each donation and the total. */
export function DonationReceipt({ doc }: { doc: OrderDocument }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const receipt = doc.donationReceipt;
  if (!receipt) return null;
  return (
    <Card withBorder padding="lg" className="eticket" data-testid="donation-receipt">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="h3">
            {t('edocument.receiptTitle')}
          </Title>
          <Text fw={700} dir="ltr" data-testid="receipt-number">
            {receipt.number}
          </Text>
        </Group>
        <Text>{t('edocument.receiptDonor', { name: receipt.donorName })}</Text>
        <Text size="sm">{t('edocument.receiptDate', { date: formatDate(receipt.date, locale) })}</Text>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('edocument.receiptFund')}</Table.Th>
              <Table.Th ta="end">{t('edocument.receiptAmount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doc.donations.map((d) => (
              <Table.Tr key={d.fundId} data-testid="receipt-line">
                <Table.Td>
                  {pickText(d.name, locale)}
                  {d.quantity > 1 ? (
                    <Text span size="xs" c="dimmed">
                      {` · ${t('edocument.receiptTimes', { count: d.quantity, amount: formatPrice(d.amount, locale) })}`}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="end">{formatPrice(d.total, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('edocument.receiptTotal')}</Text>
          <Text fw={700} data-testid="receipt-total">
            {formatPrice(receipt.total, locale)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('edocument.receiptThanks')}
        </Text>
      </Stack>
    </Card>
  );
}
