import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { OrderMembership } from '../../api/contract/memberships.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { Barcode } from '../../ui/Barcode.tsx';
import { PurchaseConfirmation } from '../checkout/PurchaseConfirmation.tsx';

/** A printable membership card: the membership, the member's name and number, its dates, a barcode. */
function MembershipCard({ m, name }: { m: OrderMembership; name: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card withBorder padding="lg" radius="md" className="eticket" data-testid="membership-card">
      <Stack gap={4}>
        <Badge variant="light">{t(`memberships.kind.${m.kind}`)}</Badge>
        <Title order={3} fz="h4">
          {pickText(m.name, locale)}
        </Title>
        <Text size="sm">{name}</Text>
        <Text size="xs" c="dimmed">
          {t('memberships.memberNumberLabel')}
        </Text>
        <Text fw={700} fz="xl" ff="monospace">
          <bdi dir="ltr" data-testid="member-number">
            {m.memberNumber ?? '—'}
          </bdi>
        </Text>
        {m.startDate && m.endDate ? (
          <Text size="sm" c="dimmed">
            {t('memberships.validFromTo', {
              from: formatDate(m.startDate, locale),
              to: formatDate(m.endDate, locale),
            })}
          </Text>
        ) : null}
        {m.balance ? <Text size="sm">{t('memberships.balance', { n: m.balance })}</Text> : null}
        {m.vouchers.map((v) => (
          <Text key={v} size="sm">
            {t('memberships.voucherIssued')}{' '}
            <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
              {v}
            </bdi>
          </Text>
        ))}
        {m.memberNumber ? (
          <Barcode
            value={m.memberNumber}
            label={t('memberships.memberNumberLabel')}
            testId="member-barcode"
          />
        ) : null}
      </Stack>
    </Card>
  );
}

/** The last step: the member numbers, a printable card per membership, how it was paid. */
export function MembershipConfirmation({ answer }: { answer: CheckoutCompleted }) {
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
      <Group justify="space-between" className="no-print">
        <Text fw={700} data-testid="confirmation-total">
          {t('edocument.total', { total: formatPrice(order.totals.total, locale) })}
        </Text>
        <Button variant="light" onClick={() => window.print()} data-testid="print-card">
          {t('memberships.printCard')}
        </Button>
      </Group>
    </PurchaseConfirmation>
  );
}
