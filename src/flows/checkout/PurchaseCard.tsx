import { Card, Chip, Grid, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../i18n/format.ts';
import { stepperProps } from '../../ui/QuantityStepper.tsx';
import { useLocale } from '../../ui/useLocale.ts';

/** Why a chosen line (a voucher, a donation) cannot be bought as it stands: a text key, amounts (agorot) as prices. */
export interface ChoiceProblem {
  key: string;
  params?: Record<string, number>;
  money?: Record<string, number>;
}

/** A chosen line's problem in words, its amounts formatted as prices. */
export function useProblemText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (p: ChoiceProblem) =>
    t(p.key, {
      ...p.params,
      ...Object.fromEntries(Object.entries(p.money ?? {}).map(([k, v]) => [k, formatPrice(v, locale)])),
    });
}

type DataAttributes = { [name: `data-${string}`]: string | number };

/**
 * One item for sale in a purchase flow's choice (a voucher, a fund): what it is (`info`) and how the
 * customer chooses it (`controls`), side by side in the list layout (`infoSpan` of 12 columns for the
 * info), one above the other in the grid. `data-*` attributes go on the card.
 */
export function PurchaseCard({
  layout,
  info,
  controls,
  infoSpan = 6,
  ...data
}: {
  layout: 'grid' | 'list';
  info: ReactNode;
  controls: ReactNode;
  infoSpan?: number;
} & DataAttributes) {
  return (
    <Card withBorder padding="md" radius="md" {...data} h="100%">
      {layout === 'list' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: infoSpan }}>{info}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 12 - infoSpan }}>{controls}</Grid.Col>
        </Grid>
      ) : (
        <Stack gap="md" h="100%" justify="space-between">
          {info}
          {controls}
        </Stack>
      )}
    </Card>
  );
}

/** A card's choice among chips (a voucher's prices, a fund's amounts), under its label. */
export function ChipChoice({
  label,
  value,
  onChange,
  chips,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  chips: readonly { value: string; label: string; testId: string }[];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group multiple={false} value={value} onChange={onChange}>
        <Group gap="xs">
          {chips.map((c) => (
            <Chip key={c.value} value={c.value} wrapperProps={{ 'data-testid': c.testId }}>
              {c.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

/**
 * A card's quantity (0 to `max`, whole numbers) and, beside it, what the line comes to (`lineTotal`,
 * agorot; nothing while null). `strict` clamps as the customer types rather than on leaving the field.
 */
export function QuantityLine({
  label,
  name,
  max,
  quantity,
  onChange,
  testId,
  lineTotal,
  lineTotalTestId,
  strict = false,
}: {
  label: string;
  /** The item's name, for the field's accessible name. */
  name: string;
  max: number;
  quantity: number;
  onChange: (quantity: number) => void;
  testId: string;
  lineTotal: number | null;
  lineTotalTestId: string;
  strict?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap">
      <NumberInput
        {...stepperProps({ value: quantity, min: 0, max, onChange, name: t('order.quantityOf', { name }) })}
        label={label}
        aria-label={t('order.quantityOf', { name })}
        w={140}
        miw={140}
        {...(strict ? { clampBehavior: 'strict' as const } : {})}
        data-testid={testId}
      />
      {lineTotal !== null ? (
        <Text size="sm" c="dimmed" data-testid={lineTotalTestId}>
          {formatPrice(lineTotal, locale)}
        </Text>
      ) : null}
    </Group>
  );
}
