import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client.ts';
import type { OrderState } from '../../api/contract/ordersAdmin.ts';
import { fieldProblemsOf } from '../../domain/fieldRules.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { OrderView } from './api.ts';

const stateColor: Record<OrderState, string> = {
  paid: 'teal',
  held: 'blue',
  pending: 'yellow',
  failed: 'red',
  cancelled: 'gray',
};

/** An order's state as a badge, in every list and on its page. */
export function StateBadge({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Badge color={stateColor[state]} variant="light" data-testid="order-state" data-state={state}>
      {t(`backoffice.orders.state.${state}`)}
    </Badge>
  );
}

/** One section of the order page: a titled card; `action` sits beside the title (a dialog's button). */
export function Section({
  title,
  action,
  testId,
  children,
}: {
  title: string;
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3} fz="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** Amounts of the order in its currency, in the staff member's language. */
export function useMoney(order: Pick<OrderView, 'currency'>): (minor: number) => string {
  const locale = useLocale();
  return (minor) => formatPrice(minor, locale, order.currency.code);
}

/** A label and its value, side by side (a summary's facts). */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline" data-testid={testId}>
      <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Text that is always left to right (codes, e-mail addresses, phone numbers) inside a right-to-left page. */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}

/**
 * The box office's message about one field of a refused form (`formValidation`), as the checkout words
 * it ('The field E-mail must be a valid e-mail address.'); null when the error names no such field.
 */
export function fieldError(t: TFunction, err: unknown, field: string, label: string): string | null {
  if (!(err instanceof ApiCallError) || err.code !== 'formValidation') return null;
  const p = fieldProblemsOf(err.params).find((x) => x.field === field);
  return p ? t(`errors.${p.code}`, { field: label, ...p.params }) : null;
}
