import { Alert, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RefundPart } from '../../../api/contract/order.ts';
import { formatPrice } from '../../../domain/format.ts';
import { refundLine } from '../../../ui/OrderPayments.tsx';
import { useLocale } from '../../../ui/useLocale.ts';

/** One figure of a quote: a label and its amount, the amount aligned to the end. */
export function QuoteRow({
  label,
  amount,
  currency,
  testId,
  strong,
}: {
  label: string;
  amount: number;
  currency: string | null;
  testId: string;
  strong?: boolean;
}) {
  const locale = useLocale();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {formatPrice(amount, locale, currency)}
      </Text>
    </Group>
  );
}

/**
 * Where money goes back, a line per payment (the same words as the customer's cancel dialog), and what
 * the clerk hands over at the counter now, called out so it is not forgotten.
 */
export function QuoteParts({
  parts,
  atCounter,
  currency,
}: {
  parts: readonly RefundPart[];
  atCounter: number;
  currency: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (parts.length === 0) return null;
  return (
    <Stack gap={4} data-testid="money-parts">
      <Text size="sm" c="dimmed">
        {t('payments.refundGoesTo')}
      </Text>
      {parts.map((p, i) => (
        <Text key={i} size="sm" data-testid="money-part">
          {refundLine(t, p, locale, currency)}
        </Text>
      ))}
      {atCounter > 0 ? (
        <Alert color="orange" variant="light" data-testid="money-at-counter">
          {t('backoffice.money.giveAtCounter', { amount: formatPrice(atCounter, locale, currency) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
