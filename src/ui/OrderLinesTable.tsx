import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../api/contract/order.ts';
import { formatPrice, pickText, sectionIn } from '../i18n/format.ts';
import { useLocale } from './useLocale.ts';
import { seatRunLabel } from './seatLabel.ts';
import { type SeatRun, seatRuns } from './seatRanges.ts';

type Ticket = OrderDocument['tickets'][number];

/** A run's add-ons, one entry per add-on: how many seats took it and what they paid together. */
function addonsOf(run: SeatRun<Ticket>) {
  const byId = new Map<number, { name: Ticket['addons'][number]['name']; count: number; total: number }>();
  for (const tk of run.tickets)
    for (const a of tk.addons) {
      const seen = byId.get(a.id) ?? { name: a.name, count: 0, total: 0 };
      byId.set(a.id, { ...seen, count: seen.count + 1, total: seen.total + a.price });
    }
  return [...byId.entries()];
}

/**
 * What an order holds, line by line: its seats, seats side by side in a row joined as one range
 * ("Row 5 · Seats 3–6") with their ticket type and price level and each add-on beneath (3D glasses ×
 * 4), the products, the vouchers and donations bought with them, the handling fee, a booking fee
 * when there is one, and the total. Used by the confirmation and the personal area (the e-ticket keeps
 * one card per seat).
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
  // An order priced in another currency (a EUR membership) shows every amount in it.
  const money = (amount: number) => formatPrice(amount, locale, order.currency?.code);
  const isReserved = (id: number) => order.presentations.find((p) => p.id === id)?.isReserved ?? true;
  // Each seat's section in the reader's language (the plan names it in each).
  const runs = seatRuns(
    order.tickets.map((tk) => ({ ...tk, section: sectionIn(tk, locale) })),
    isReserved,
  );
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
        {runs.flatMap((run) => {
          const first = run.tickets[0]!;
          const count = run.tickets.length;
          const name = pickText(first.ticketName, locale);
          return [
            <Table.Tr key={first.ticketIdentifier} data-testid="confirmation-ticket">
              <Table.Td>{seatRunLabel(t, run, isReserved(first.presentationId))}</Table.Td>
              <Table.Td>
                {count > 1 ? t('order.ticketCount', { count, ticket: name }) : name}
                <Text span size="xs" c="dimmed">{` · ${pickText(first.ticketGroupName, locale)}`}</Text>
              </Table.Td>
              <Table.Td ta="end">{money(run.tickets.reduce((a, tk) => a + tk.price, 0))}</Table.Td>
            </Table.Tr>,
            ...addonsOf(run).map(([id, a]) => (
              <Table.Tr key={`${first.ticketIdentifier}-a${id}`} data-testid="order-addon">
                <Table.Td colSpan={2} ps="xl">
                  <Text span size="sm" c="dimmed">
                    {`+ ${pickText(a.name, locale)} × ${a.count}`}
                  </Text>
                </Table.Td>
                <Table.Td ta="end">{money(a.total)}</Table.Td>
              </Table.Tr>
            )),
          ];
        })}
        {order.products.map((pr) => (
          <Table.Tr key={`p${pr.id}-${pr.presentationId}`}>
            <Table.Td colSpan={2}>{`${pickText(pr.name, locale)} × ${pr.quantity}`}</Table.Td>
            <Table.Td ta="end">{money(pr.total)}</Table.Td>
          </Table.Tr>
        ))}
        {order.totals.vouchers > 0 ? (
          <Table.Tr data-testid="order-vouchers">
            <Table.Td colSpan={2}>{t('vouchers.linesTotal', { count: order.vouchers.length })}</Table.Td>
            <Table.Td ta="end">{money(order.totals.vouchers)}</Table.Td>
          </Table.Tr>
        ) : null}
        {order.totals.donations > 0 ? (
          <Table.Tr data-testid="order-donations">
            <Table.Td colSpan={2}>
              {order.donations.length
                ? order.donations.map((d) => pickText(d.name, locale)).join(', ')
                : t('donations.linesTotal')}
            </Table.Td>
            <Table.Td ta="end">{money(order.totals.donations)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Td colSpan={2}>{pickText(order.serviceChargeLabel, locale)}</Table.Td>
          <Table.Td ta="end">{money(order.totals.serviceCharge)}</Table.Td>
        </Table.Tr>
        {bookingFee > 0 ? (
          <Table.Tr>
            <Table.Td colSpan={2}>{t('account.bookingFee')}</Table.Td>
            <Table.Td ta="end">{money(bookingFee)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Td colSpan={2} fw={700}>
            {t('order.total')}
          </Table.Td>
          <Table.Td ta="end" fw={700} data-testid={totalTestId}>
            {money(order.totals.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
