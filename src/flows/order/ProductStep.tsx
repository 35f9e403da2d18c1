import { Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../api/contract/presentations.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { stepperProps } from '../../ui/QuantityStepper.tsx';
import { useLocale } from '../../ui/useLocale.ts';

interface Props {
  products: Product[];
  quantities: Record<number, number>;
  onChange: (productId: number, quantity: number) => void;
}

/** Step 3: add-ons sold with the presentation (popcorn, drinks, parking ...), with quantities. */
export function ProductStep({ products, quantities, onChange }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (products.length === 0) return <Text c="dimmed">{t('order.noProducts')}</Text>;
  return (
    <Stack gap="sm" data-testid="product-list">
      {products.map((pr) => {
        const name = pickText(pr.name, locale);
        return (
          <Card key={pr.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>{name}</Text>
                <Text size="sm" c="dimmed">
                  {formatPrice(pr.price, locale)}
                </Text>
              </Stack>
              <NumberInput
                {...stepperProps({
                  value: quantities[pr.id] ?? 0,
                  min: 0,
                  max: 20,
                  onChange: (q) => onChange(pr.id, q),
                  name: t('order.quantityOf', { name }),
                })}
                aria-label={t('order.quantityOf', { name })}
                w={140}
                miw={140}
                data-testid={`product-${pr.id}`}
              />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
