import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { formatPrice } from '../../i18n/format.ts';
import { MembershipCard } from '../../ui/MembershipCard.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseConfirmation } from '../checkout/PurchaseConfirmation.tsx';
import { SeriesTickets } from './SeriesTickets.tsx';
import type { MembershipStore } from './store.ts';

/**
 * The last step: the member numbers, a printable card per membership, a series' seat and its concerts
 * with their tickets, how it was paid.
 */
export function MembershipConfirmation({
  store,
  answer,
}: {
  store: MembershipStore;
  answer: CheckoutCompleted;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = answer;
  const memberships = order.memberships ?? [];
  return (
    <PurchaseConfirmation
      answer={answer}
      title={t('memberships.thankYou')}
      documentLabel={t('memberships.openDocument')}
      keepText={t('memberships.keepCard')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {memberships.map((m, i) => (
          <MembershipCard key={`${m.membershipId}-${i}`} m={m} name={order.customerName} />
        ))}
      </SimpleGrid>
      {memberships.map((m, i) => (
        <SeriesTickets
          key={`series-${m.membershipId}-${i}`}
          membership={m}
          order={order}
          concerts={store.membershipOf(m.membershipId)?.presentations.map((p) => p.id) ?? null}
        />
      ))}
      <Group justify="space-between" className="no-print">
        <Text fw={700} data-testid="confirmation-total">
          {t('edocument.total', { total: formatPrice(order.totals.total, locale, order.currency?.code) })}
        </Text>
        <Button variant="light" onClick={() => window.print()} data-testid="print-card">
          {t('memberships.printCard')}
        </Button>
      </Group>
    </PurchaseConfirmation>
  );
}
