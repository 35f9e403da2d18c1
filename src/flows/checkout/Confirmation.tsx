import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { OrderDetailsText } from '../../ui/OrderDetailsText.tsx';
import { OrderLinesTable } from '../../ui/OrderLinesTable.tsx';
import { PartnerReturn } from '../../ui/PartnerReturn.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { ConfirmationLinks, PaymentLines, ReservationNumber } from './ConfirmationParts.tsx';

/** The confirmation: what was bought, how it was paid (or until when a hold must be paid), the e-tickets. */
export function Confirmation({ answer }: { answer: CheckoutCompleted }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = answer;
  return (
    <Stack gap="md" data-testid="confirmation">
      <Alert
        color={answer.isHold ? 'violet' : 'teal'}
        title={t(answer.isHold ? 'checkout.heldThankYou' : 'order.thankYou')}
      >
        <Stack gap={4}>
          <ReservationNumber answer={answer} />
          {answer.isHold && answer.holdDeadline ? (
            <Text fw={600} data-testid="hold-deadline">
              {t('checkout.holdDeadline', { deadline: formatDateTime(answer.holdDeadline, locale) })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <Card withBorder padding={0}>
        <OrderLinesTable order={order} totalTestId="confirmation-total" />
      </Card>
      <OrderDetailsText order={order} />
      <PaymentLines answer={answer} />
      <ConfirmationLinks
        answer={answer}
        documentLabel={t(answer.isHold ? 'checkout.openReservation' : 'order.openTickets')}
        documentTestId="open-etickets"
      />
      <PartnerReturn />
      <Title order={3} fz="h5" c="dimmed" fw={400}>
        {t(answer.isHold ? 'checkout.holdKeepLink' : 'order.keepLink')}
      </Title>
    </Stack>
  );
}
