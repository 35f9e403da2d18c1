import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatPrice } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { ClearedNotice } from '../checkout/ClearedNotice.tsx';
import type { VoucherStore } from './store.ts';
import { VoucherCard } from './VoucherCard.tsx';

/**
 * Step 1: the vouchers for sale, laid out as the venue's list mode says (grid or list), each with its
 * price, date and quantity; one next button for the list, or one per voucher (settings).
 */
export function ChooseStep({ store }: { store: VoucherStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useSnapshot(store.state);
  useSnapshot(purchase);
  const layout = store.settings.listModes.vouchers;
  const ownNext = store.settings.vouchers.isNextButtonPerVoucher;
  const cards = store.offers.map((offer) => (
    <VoucherCard
      key={offer.SystemVoucherId}
      store={store}
      offer={offer}
      line={store.lineOf(offer)}
      problem={store.problemOf(offer.SystemVoucherId)}
      max={store.maxOf(offer)}
      layout={layout}
      ownNext={ownNext}
    />
  ));
  const total = store.total();
  return (
    <Stack gap="md" data-testid="voucher-list" data-layout={layout}>
      <ClearedNotice ns="vouchers" />
      {layout === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cards}
        </SimpleGrid>
      ) : (
        <Stack gap="md">{cards}</Stack>
      )}
      {ownNext ? null : (
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} data-testid="choice-total">
            {store.lines().length ? t('vouchers.chosenTotal', { total: formatPrice(total, locale) }) : ''}
          </Text>
          <Button onClick={store.next} data-testid="next-step">
            {t('vouchers.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
