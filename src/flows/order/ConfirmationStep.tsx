import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CommitAnswer } from '../../api/contract/order.ts';
import { edocumentPath } from '../../routing/paths.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { OrderLinesTable } from '../../ui/OrderLinesTable.tsx';

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
        <OrderLinesTable order={order} totalTestId="confirmation-total" />
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
