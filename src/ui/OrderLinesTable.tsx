import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../api/contract/order.ts';
import { formatPrice, pickText } from '../i18n/format.ts';
import { useLocale } from './useLocale.ts';
import { seatLabel } from './seatLabel.ts';

/**
 * What an order holds, line by line: each seat with its ticket type and price level, the products,
 * the handling fee, a booking fee when there is one, and the total. Used by the confirmation and the
 * personal area.
 */
export function OrderLinesTable({
  order,
  bookingFee = 0,
  totalTestId,
}: {
  order: OrderDocument;
  bookingFee?: number;
  totalTestId?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Table verticalSpacing="xs" horizontalSpacing="md">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('order.seat')}</Table.Th>
          <Table.Th>{t('order.ticketType')}</Table.Th>
          <Table.Th ta="end">{t('order.price')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.tickets.map((tk) => (
          <Table.Tr key={tk.ticketIdentifier} data-testid="confirmation-ticket">
            <Table.Td>
              {seatLabel(
                t,
                tk,
                order.presentations.find((p) => p.id === tk.presentationId)?.isReserved ?? true,
              )}
            </Table.Td>
            <Table.Td>
              {pickText(tk.ticketName, locale)}
              <Text span size="xs" c="dimmed">{` · ${pickText(tk.ticketGroupName, locale)}`}</Text>
            </Table.Td>
            <Table.Td ta="end">{formatPrice(tk.price, locale)}</Table.Td>
          </Table.Tr>
        ))}
        {order.products.map((pr) => (
          <Table.Tr key={`p${pr.id}-${pr.presentationId}`}>
            <Table.Td colSpan={2}>{`${pickText(pr.name, locale)} × ${pr.quantity}`}</Table.Td>
            <Table.Td ta="end">{formatPrice(pr.total, locale)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={2}>{pickText(order.serviceChargeLabel, locale)}</Table.Td>
          <Table.Td ta="end">{formatPrice(order.totals.serviceCharge, locale)}</Table.Td>
        </Table.Tr>
        {bookingFee > 0 ? (
          <Table.Tr>
            <Table.Td colSpan={2}>{t('account.bookingFee')}</Table.Td>
            <Table.Td ta="end">{formatPrice(bookingFee, locale)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Td colSpan={2} fw={700}>
            {t('order.total')}
          </Table.Td>
          <Table.Td ta="end" fw={700} data-testid={totalTestId}>
            {formatPrice(order.totals.total, locale)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
