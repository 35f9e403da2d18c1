import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { ConfirmationLinks, PaymentLines, ReservationNumber } from './ConfirmationParts.tsx';

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
  return (
    <Stack gap="md" data-testid="confirmation">
      <Alert color="teal" title={title}>
        <ReservationNumber answer={answer} />
      </Alert>
      {children}
      <PaymentLines answer={answer} />
      <ConfirmationLinks answer={answer} documentLabel={documentLabel} documentTestId="open-document" />
      <Text size="sm" c="dimmed">
        {keepText}
      </Text>
    </Stack>
  );
}
