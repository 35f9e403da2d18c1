import { Badge, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { stepperProps } from '../../ui/QuantityStepper.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseLayout } from '../checkout/PurchaseLayout.tsx';
import type { VoucherStore } from './store.ts';
import { VoucherSummary } from './VoucherSummary.tsx';

/** Step 3: products the voucher shop sells with vouchers (a gift box sent by post asks for an address). */
export function ProductsStep({ store }: { store: VoucherStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const snap = useSnapshot(purchase);
  return (
    <PurchaseLayout
      summary={<VoucherSummary store={store} />}
      nav={
        <>
          <Button variant="default" onClick={() => store.back('products')}>
            {t('order.back')}
          </Button>
          <Button onClick={() => store.forward('products')} data-testid="next-step">
            {t('order.toPayment')}
          </Button>
        </>
      }
    >
      <Stack gap="sm" data-testid="product-list">
        <Text c="dimmed">{t('vouchers.productsIntro')}</Text>
        {store.products.map((pr) => {
          const name = pickText(pr.name, locale);
          const quantity = snap.products.find((p) => p.id === pr.id)?.quantity ?? 0;
          return (
            <Card key={pr.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{name}</Text>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {formatPrice(pr.price, locale)}
                    </Text>
                    {pr.isDeliveryRequired ? (
                      <Badge size="sm" variant="light" color="gray">
                        {t('vouchers.byPost')}
                      </Badge>
                    ) : null}
                  </Group>
                </Stack>
                <NumberInput
                  {...stepperProps({
                    value: quantity,
                    min: 0,
                    max: 20,
                    onChange: (q) => store.setProductQuantity(pr, q),
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
    </PurchaseLayout>
  );
}
