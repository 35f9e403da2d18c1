import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatPrice } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { ClearedNotice } from '../checkout/ClearedNotice.tsx';
import { DonationCard } from './DonationCard.tsx';
import type { DonationStore } from './store.ts';

/** Step 1: the funds, laid out as the venue's list mode says, and the next button. */
export function ChooseDonations({ store }: { store: DonationStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useSnapshot(store.state);
  useSnapshot(purchase);
  const layout = store.settings.listModes.donations;
  const cards = store.funds.map((fund) => (
    <DonationCard
      key={fund.id}
      store={store}
      fund={fund}
      line={store.lineOf(fund)}
      problem={store.problemOf(fund.id)}
      layout={layout}
    />
  ));
  return (
    <Stack gap="md" data-testid="donation-list" data-layout={layout}>
      <ClearedNotice ns="donations" />
      {layout === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cards}
        </SimpleGrid>
      ) : (
        <Stack gap="md">{cards}</Stack>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text fw={600} data-testid="choice-total">
          {store.lines().length
            ? t('donations.chosenTotal', { total: formatPrice(store.total(), locale) })
            : ''}
        </Text>
        <Button onClick={store.next} data-testid="next-step">
          {t('donations.next')}
        </Button>
      </Group>
    </Stack>
  );
}
