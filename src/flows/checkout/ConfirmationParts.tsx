import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { edocumentPath } from '../../routing/paths.ts';
import { session } from '../../state/session.ts';
import { OrderPaymentList } from '../../ui/OrderPayments.tsx';
import { useLocale } from '../../ui/useLocale.ts';

/** The order's reservation number, under the confirmation's thanks. */
export function ReservationNumber({ answer }: { answer: CheckoutCompleted }) {
  const { t } = useTranslation();
  return (
    <Text>
      {t('order.reservationIs')}{' '}
      <Text span fw={700} data-testid="reservation-id" dir="ltr">
        {answer.reservationIdentifier}
      </Text>
    </Text>
  );
}

/** How the order was paid, a line a payment (nothing for an order without payments, such as a hold). */
export function PaymentLines({ answer }: { answer: CheckoutCompleted }) {
  return (
    <OrderPaymentList
      payments={answer.order.payments}
      currency={answer.order.currency?.code}
      testId="confirmation-payments"
      itemTestId="confirmation-payment"
    />
  );
}

/**
 * A confirmation's ways on: the order's document (e-tickets, vouchers, receipt), the venue's page
 * after the order where it has one, and back to the events.
 */
export function ConfirmationLinks({
  answer,
  documentLabel,
  documentTestId,
}: {
  answer: CheckoutCompleted;
  documentLabel: string;
  documentTestId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { settings } = useSnapshot(session);
  return (
    <Stack gap="sm">
      {answer.email ? (
        <Text size="sm" data-testid="confirmation-emailed">
          {t('checkout.emailedTo', { email: answer.email })}
          {settings?.customerArea.mailOutbox ? (
            <>
              {' '}
              <Anchor component={Link} to="/dev/mail-outbox" target="_blank" size="sm">
                {t('account.devMailOutboxTitle')}
              </Anchor>
            </>
          ) : null}
        </Text>
      ) : null}
      <Group>
        <Button
          component={Link}
          to={`${edocumentPath(answer.documentKey)}?language=${locale}`}
          data-testid={documentTestId}
        >
          {documentLabel}
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
    </Stack>
  );
}
