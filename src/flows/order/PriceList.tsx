import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import type { LocalizedText } from '../../api/contract/common.ts';
import { allInPrice, sharedServiceCharge } from '../../domain/order/fees.ts';
import { inclFeeText } from '../../domain/priceText.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useTranslate } from '../../ui/useTranslate.ts';

interface Props {
  ticketGroups: TicketGroup[];
  serviceCharge: { amount: number; label: LocalizedText };
}

/** A multi-seat ticket's sub-tickets are issued with it, never bought: its price and fees cover them. */
const choosable = (tickets: TicketGroup['tickets']) => tickets.filter((tk) => !tk.isMultiplyFactorSubTicket);

/**
 * Ticket types and prices per price level, with their add-ons: each price all in (the ticket and its
 * handling fee, as the checkout charges it), the fee named once under the tables or on each row.
 */
export function PriceList({ ticketGroups, serviceCharge }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const translate = useTranslate();
  const inclFee = (fee: number) => inclFeeText(fee, pickText(serviceCharge.label, locale), locale, translate);
  // One fee for every ticket is said once under the tables; differing fees each on its own row.
  const shared = sharedServiceCharge(
    ticketGroups.flatMap((g) => choosable(g.tickets)),
    serviceCharge.amount,
  );
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="price-list-title"
      data-testid="price-list"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="price-list-title">
          {t('order.prices')}
        </Title>
        {ticketGroups.map((g) => (
          <Table key={g.id} striped withRowBorders={false} captionSide="top">
            <Table.Caption ta="start" fw={700}>
              {pickText(g.name, locale)}
            </Table.Caption>
            <Table.Tbody>
              {choosable(g.tickets).map((tk) => {
                const price = allInPrice(tk, serviceCharge.amount);
                const fee = shared === null ? inclFee(price.serviceCharge) : null;
                return (
                  <Table.Tr key={tk.id}>
                    <Table.Td>
                      {pickText(tk.name, locale)}
                      {tk.multiplyFactor > 1 ? (
                        <Text span size="xs" c="dimmed">
                          {` · ${t('order.seatsPerTicket', { seats: tk.multiplyFactor })}`}
                        </Text>
                      ) : null}
                      {tk.addons.map((a) => (
                        <Text key={a.id} span size="xs" c="dimmed" data-testid="price-list-addon">
                          {` · ${t('order.withAddon', {
                            addon: pickText(a.name, locale),
                            price: formatPrice(a.price, locale),
                          })}`}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      {tk.oldPrice !== null && tk.oldPrice > tk.price ? (
                        // The price before, all in as the price now is.
                        <Text span size="xs" c="dimmed" td="line-through" me={6}>
                          {formatPrice(tk.oldPrice + price.serviceCharge, locale)}
                        </Text>
                      ) : null}
                      {formatPrice(price.total, locale)}
                      {fee ? (
                        <Text size="xs" c="dimmed">
                          {fee}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ))}
        {shared ? (
          <Text size="sm" c="dimmed" data-testid="price-list-fee">
            {t('prices.allInNote', {
              label: pickText(serviceCharge.label, locale),
              fee: formatPrice(shared, locale),
            })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
