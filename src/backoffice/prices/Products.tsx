import { Alert, Button, Card, Checkbox, Chip, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/errorText.ts';
import { plansApi } from '../plans/api.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { HallNameDialog, type HallNameAsk } from '../venues/HallNameDialog.tsx';
import { useLoaded, useName } from '../venues/shared.tsx';
import { AmountField } from './AmountField.tsx';
import { type Product, pricesApi } from './api.ts';

/**
 * Products (popcorn, programmes, merchandise): each with its price, whether it is sent by post, and the
 * venues offering it with every show of theirs. A price change is for new sales.
 */
export function Products() {
  const { t } = useTranslation();
  const name = useName();
  const products = useLoaded((signal) => pricesApi.products(signal), 'products');
  const venues = useLoaded((signal) => plansApi.venues(signal), 'venues');
  const [ask, setAsk] = useState<HallNameAsk | null>(null);
  const { error, run } = useAction();

  if (products.error && !products.data) return <Alert color="red">{errorText(t, products.error)}</Alert>;
  if (!products.data || !venues.data) return <Skeleton height={200} />;
  const all = products.data.products;
  const replace = (p: Product) =>
    products.set({
      products: all.some((x) => x.id === p.id) ? all.map((x) => (x.id === p.id ? p : x)) : [...all, p],
    });
  const change = (p: Product, body: Parameters<typeof pricesApi.updateProduct>[1]) =>
    void run(async () => replace(await pricesApi.updateProduct(p.id, body)));

  return (
    <Card withBorder padding="md" data-testid="products">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h3">
            {t('backoffice.prices.products')}
          </Title>
          <Button
            variant="light"
            mih={TOUCH_PX}
            data-testid="product-new"
            onClick={() =>
              setAsk({
                title: t('backoffice.prices.newProduct'),
                action: t('backoffice.prices.create'),
                hint: t('backoffice.prices.newProductHint'),
                initial: {},
                async save(names) {
                  replace(await pricesApi.createProduct({ name: names, price: 0 }));
                },
              })
            }
          >
            {t('backoffice.prices.newProduct')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('backoffice.prices.productsIntro')}
        </Text>
        {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
        <RecordTable<Product>
          rows={all}
          rowKey={(p) => String(p.id)}
          rowAttributes={(p) => ({ 'data-testid': 'product', 'data-product-id': String(p.id) })}
          minWidth={720}
          columns={[
            { key: 'name', label: t('backoffice.prices.product'), render: (p) => name(p.name) },
            {
              key: 'price',
              label: t('backoffice.prices.price'),
              render: (p) => (
                <AmountField
                  amount={p.price}
                  label={t('backoffice.prices.price')}
                  testId="product-price"
                  save={async (minor) => replace(await pricesApi.updateProduct(p.id, { price: minor }))}
                />
              ),
            },
            {
              key: 'delivery',
              label: t('backoffice.prices.delivery'),
              render: (p) => (
                <Checkbox
                  aria-label={t('backoffice.prices.delivery')}
                  checked={p.deliveryRequired}
                  onChange={(e) => change(p, { deliveryRequired: e.currentTarget.checked })}
                  styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
                />
              ),
            },
            {
              key: 'venues',
              label: t('backoffice.prices.offeredAt'),
              render: (p) => (
                <Stack gap={4}>
                  <Chip.Group
                    multiple
                    value={p.venueIds.map(String)}
                    onChange={(ids) => change(p, { venueIds: ids.map(Number) })}
                  >
                    <Group gap={6}>
                      {venues.data!.venues.map((v) => (
                        <Chip
                          key={v.id}
                          value={String(v.id)}
                          size="md"
                          styles={{ label: { minHeight: TOUCH_PX, height: 'auto', whiteSpace: 'normal' } }}
                          data-testid="product-venue"
                        >
                          {name(v.name)}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                  {p.presentations > 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('backoffice.prices.alsoShows', { count: p.presentations })}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
          ]}
        />
      </Stack>
      <HallNameDialog ask={ask} onClose={() => setAsk(null)} />
    </Card>
  );
}
