import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import type { LocalizedText } from '../../api/contract/common.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

interface Props {
  ticketGroups: TicketGroup[];
  serviceCharge: { amount: number; label: LocalizedText };
}

/** Ticket types and prices per price level, with their add-ons and the per-ticket service charge. */
export function PriceList({ ticketGroups, serviceCharge }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
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
              {g.tickets.map((tk) => (
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
                      <Text span size="xs" c="dimmed" td="line-through" me={6}>
                        {formatPrice(tk.oldPrice, locale)}
                      </Text>
                    ) : null}
                    {formatPrice(tk.price, locale)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
        {serviceCharge.amount > 0 ? (
          <Text size="sm" c="dimmed">
            {t('order.serviceChargePerTicket', {
              label: pickText(serviceCharge.label, locale),
              price: formatPrice(serviceCharge.amount, locale),
            })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
