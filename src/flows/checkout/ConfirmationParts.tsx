import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CheckoutCompleted, PaymentSummary } from '../../api/contract/checkout.ts';
import type { Locale } from '../../api/contract/common.ts';
import { formatPrice } from '../../i18n/format.ts';
import { edocumentPath } from '../../routing/paths.ts';
import { session } from '../../state/session.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** One payment of the order in words: "Card ending 1111, 3 payments (first ₪83.34, then ₪83.33), approval 482910". */
export function paymentLine(
  t: TFunction,
  p: PaymentSummary,
  locale: Locale,
  currency?: string | null,
): string {
  const amount = formatPrice(p.amount, locale, currency);
  switch (p.method) {
    case 'voucher':
      return t('checkout.paidVoucher', { reference: p.voucherReference ?? '', amount });
    case 'card':
    case 'savedCard':
    case 'redirect': {
      const card = p.last4
        ? t('checkout.paidCard', { last4: p.last4, amount })
        : t('checkout.paidPage', { amount });
      const split =
        p.numberOfPayments > 1
          ? ` ${t('checkout.paidInstalments', {
              count: p.numberOfPayments,
              first: formatPrice(p.firstPayment, locale, currency),
              others: formatPrice(p.otherPayments, locale, currency),
            })}`
          : '';
      const approval = p.approvalCode ? ` ${t('checkout.approval', { code: p.approvalCode })}` : '';
      return `${card}${split}${approval}`;
    }
    case 'paypal':
      return t('checkout.paidPaypal', { amount });
    case 'blik':
      return t('checkout.paidBlik', { amount });
  }
}

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
  const { t } = useTranslation();
  const locale = useLocale();
  if (!answer.payments.length) return null;
  return (
    <Stack gap={2} data-testid="confirmation-payments">
      {answer.payments.map((p, i) => (
        <Text key={i} size="sm" c="dimmed" data-testid="confirmation-payment">
          {paymentLine(t, p, locale, answer.order.currency?.code)}
        </Text>
      ))}
    </Stack>
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
