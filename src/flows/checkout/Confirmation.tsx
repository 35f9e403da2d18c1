import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CheckoutCompleted, PaymentSummary } from '../../api/contract/checkout.ts';
import type { Locale } from '../../api/contract/common.ts';
import { formatDateTime, formatPrice } from '../../i18n/format.ts';
import { edocumentPath } from '../../routing/paths.ts';
import { OrderDetailsText } from '../../ui/OrderDetailsText.tsx';
import { OrderLinesTable } from '../../ui/OrderLinesTable.tsx';
import { useLocale } from '../../ui/useLocale.ts';

/** One payment of the order in words: "Card ending 1111, 3 payments (first ₪83.34, then ₪83.33), approval 482910". */
export function paymentLine(t: TFunction, p: PaymentSummary, locale: Locale): string {
  const amount = formatPrice(p.amount, locale);
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
              first: formatPrice(p.firstPayment, locale),
              others: formatPrice(p.otherPayments, locale),
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

/** The confirmation: what was bought, how it was paid (or until when a hold must be paid), the e-tickets. */
export function Confirmation({ answer }: { answer: CheckoutCompleted }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = answer;
  const ticketsHref = `${edocumentPath(answer.documentKey)}?language=${locale}`;
  return (
    <Stack gap="md" data-testid="confirmation">
      <Alert
        color={answer.isHold ? 'violet' : 'teal'}
        title={t(answer.isHold ? 'checkout.heldThankYou' : 'order.thankYou')}
      >
        <Stack gap={4}>
          <Text>
            {t('order.reservationIs')}{' '}
            <Text span fw={700} data-testid="reservation-id" dir="ltr">
              {answer.reservationIdentifier}
            </Text>
          </Text>
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
        <Button component={Link} to={ticketsHref} data-testid="open-etickets">
          {t(answer.isHold ? 'checkout.openReservation' : 'order.openTickets')}
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
        {t(answer.isHold ? 'checkout.holdKeepLink' : 'order.keepLink')}
      </Title>
    </Stack>
  );
}
