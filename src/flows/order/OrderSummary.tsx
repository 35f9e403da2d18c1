import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { SummaryRow } from '../checkout/PurchaseSummary.tsx';

export interface SummaryLine {
  label: string;
  detail?: string;
  amount: number;
  /** What comes with the line at its own price (a seat's add-ons: 3D glasses), shown beneath it. */
  extras?: { label: string; amount: number }[];
  testId?: string;
}

interface Props {
  seats: SummaryLine[];
  products: SummaryLine[];
  serviceCharge: number;
  serviceChargeLabel: LocalizedText;
  total: number;
  title?: string;
}

/** What the customer is buying and what it costs, in agorot formatted as ₪. */
export function OrderSummary(props: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const line = (l: SummaryLine, i: number) => (
    <Stack key={i} gap={2} data-testid={l.testId}>
      <SummaryRow label={l.label} detail={l.detail} amount={l.amount} />
      {(l.extras ?? []).map((x, k) => (
        <Group key={k} justify="space-between" wrap="nowrap" gap="xs" ps="sm" data-testid="summary-addon">
          <Text size="xs" c="dimmed">
            {`+ ${x.label}`}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(x.amount, locale)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
  return (
    <Card withBorder padding="md" data-testid="order-summary">
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {props.title ?? t('order.summary')}
        </Title>
        {props.seats.map(line)}
        {props.products.length ? <Divider /> : null}
        {props.products.map(line)}
        <Divider />
        {line({ label: pickText(props.serviceChargeLabel, locale), amount: props.serviceCharge }, -1)}
        <Group justify="space-between">
          <Text fw={700}>{t('order.total')}</Text>
          <Text fw={700} data-testid="order-total">
            {formatPrice(props.total, locale)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
