import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

export interface PurchaseSummaryLine {
  key: string;
  label: string;
  detail?: string;
  amount: number;
}

/** One line of an order summary: what it is (with a detail under it) and what it costs. */
export function SummaryRow({
  label,
  detail,
  amount,
  currency,
}: {
  label: string;
  detail?: string;
  amount: number;
  /** The cart's currency when not the venue's (a EUR membership). */
  currency?: string | null;
}) {
  const locale = useLocale();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Stack gap={0}>
        <Text size="sm">{label}</Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </Stack>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatPrice(amount, locale, currency)}
      </Text>
    </Group>
  );
}

/** What a voucher or donation order holds and what it costs (the box office prices it again). */
export function PurchaseSummary({
  lines,
  total,
  currency,
}: {
  lines: PurchaseSummaryLine[];
  total: number;
  /** The cart's currency when not the venue's (a EUR membership): every amount is shown in it. */
  currency?: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card withBorder padding="md" data-testid="order-summary">
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('order.summary')}
        </Title>
        {lines.map((l) => (
          <SummaryRow key={l.key} label={l.label} detail={l.detail} amount={l.amount} currency={currency} />
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('order.total')}</Text>
          <Text fw={700} data-testid="order-total">
            {formatPrice(total, locale, currency)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
