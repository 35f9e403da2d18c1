import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CommitAnswer } from '../../api/contract/order.ts';
import { edocumentPath } from '../../routing/paths.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { seatLabel } from './seatLabel.ts';

/** Step 5: what was bought, the reservation identifier, and the way to the electronic tickets. */
export function ConfirmationStep({ answer }: { answer: CommitAnswer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = answer;
  const ticketsHref = `${edocumentPath(answer.documentKey)}?language=${locale}`;
  return (
    <Stack gap="md" data-testid="confirmation">
      <Alert color="teal" title={t('order.thankYou')}>
        <Text>
          {t('order.reservationIs')}{' '}
          <Text span fw={700} data-testid="reservation-id" dir="ltr">
            {answer.reservationIdentifier}
          </Text>
        </Text>
      </Alert>
      <Card withBorder padding={0}>
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
              <Table.Tr key={`p${pr.id}`}>
                <Table.Td colSpan={2}>{`${pickText(pr.name, locale)} × ${pr.quantity}`}</Table.Td>
                <Table.Td ta="end">{formatPrice(pr.total, locale)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={2}>{pickText(order.serviceChargeLabel, locale)}</Table.Td>
              <Table.Td ta="end">{formatPrice(order.totals.serviceCharge, locale)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2} fw={700}>
                {t('order.total')}
              </Table.Td>
              <Table.Td ta="end" fw={700} data-testid="confirmation-total">
                {formatPrice(order.totals.total, locale)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      {answer.payment.last4 ? (
        <Text size="sm" c="dimmed">
          {t('order.paidWith', {
            last4: answer.payment.last4,
            payments: answer.payment.numberOfPayments,
            approval: answer.payment.approvalCode ?? '',
          })}
        </Text>
      ) : null}
      <Group>
        <Button component={Link} to={ticketsHref} data-testid="open-etickets">
          {t('order.openTickets')}
        </Button>
        {answer.orderReceivedUrl ? (
          <Button component="a" href={answer.orderReceivedUrl} variant="default">
            {t('order.continue')}
          </Button>
        ) : null}
        <Anchor component={Link} to="/">
          {t('order.backToEvents')}
        </Anchor>
      </Group>
      <Title order={3} fz="h5" c="dimmed" fw={400}>
        {t('order.keepLink')}
      </Title>
    </Stack>
  );
}
