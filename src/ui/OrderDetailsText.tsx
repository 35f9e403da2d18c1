import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../api/contract/order.ts';
import { pickText } from '../i18n/format.ts';
import { useLocale } from './useLocale.ts';

/** What the customer form added to an order: the branch named, and where products sent by post go. */
export function OrderDetailsText({ order }: { order: Pick<OrderDocument, 'location' | 'deliveryAddress'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { location, deliveryAddress: a } = order;
  if (!location && !a) return null;
  return (
    <Stack gap={2}>
      {location ? (
        <Text size="sm" data-testid="order-branch">
          {t('order.branch', { name: pickText(location.name, locale) })}
        </Text>
      ) : null}
      {a ? (
        <Text size="sm" data-testid="order-delivery">
          {t('order.deliveryTo', { address: `${a.address1}, ${a.city} ${a.postalCode}` })}
        </Text>
      ) : null}
    </Stack>
  );
}
