import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { edocumentPath } from '../../routing/paths.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { paymentLine } from './Confirmation.tsx';

/**
 * The confirmation of a voucher or donation order: thanks, the reservation number, what the flow shows
 * of the order (`children`), how it was paid, and the printable document (vouchers, receipt).
 */
export function PurchaseConfirmation({
  answer,
  title,
  documentLabel,
  keepText,
  children,
}: {
  answer: CheckoutCompleted;
  title: string;
  documentLabel: string;
  keepText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = `${edocumentPath(answer.documentKey)}?language=${locale}`;
  return (
    <Stack gap="md" data-testid="confirmation">
      <Alert color="teal" title={title}>
        <Text>
          {t('order.reservationIs')}{' '}
          <Text span fw={700} data-testid="reservation-id" dir="ltr">
            {answer.reservationIdentifier}
          </Text>
        </Text>
      </Alert>
      {children}
      {answer.payments.length ? (
        <Stack gap={2} data-testid="confirmation-payments">
          {answer.payments.map((p, i) => (
            <Text key={i} size="sm" c="dimmed" data-testid="confirmation-payment">
              {paymentLine(t, p, locale)}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Group>
        <Button component={Link} to={href} data-testid="open-document">
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
      <Text size="sm" c="dimmed">
        {keepText}
      </Text>
    </Stack>
  );
}
