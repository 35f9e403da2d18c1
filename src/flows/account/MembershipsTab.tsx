import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { customerState } from '../../state/customer.ts';
import { useLocale } from '../../ui/useLocale.ts';

/**
 * Memberships (spec section 3, Member): validity and status, from the customer info; a ticket balance (the
 * cinema club) as the tickets left of it, points as points, an older money balance as money.
 */
export function MembershipsTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const members = useSnapshot(customerState).customer?.members ?? [];
  if (members.length === 0) return <Text c="dimmed">{t('account.noMemberships')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="memberships">
      {members.map((m) => {
        const status = m.isExpired ? 'expired' : m.isNotStarted ? 'notStarted' : 'active';
        return (
          <Card key={m.memberNumber} withBorder data-testid="membership">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} fz="h4">
                  {pickText(m.name, locale)}
                </Title>
                <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light">
                  {t(`account.memberStatus.${status}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {m.additionalName ? `${m.memberCustomerName} · ${m.additionalName}` : m.memberCustomerName}
              </Text>
              <Text size="sm">
                {t('account.memberNumber')}{' '}
                <Text span fw={600} dir="ltr">
                  {m.memberNumber}
                </Text>
              </Text>
              <Text size="sm" data-testid="member-validity">
                {t('account.validity', {
                  from: formatDate(m.startDate, locale),
                  to: formatDate(m.endDate, locale),
                })}
              </Text>
              <Group gap="lg">
                {m.hasTicketBalance ? (
                  <Text size="sm" data-testid="member-tickets-left">
                    {t('memberTickets.ticketsLeftOf', {
                      left: Math.max(0, m.balance - m.usedBalance),
                      total: m.balance,
                    })}
                  </Text>
                ) : m.balance > 0 ? (
                  <>
                    <Text size="sm">
                      {t('account.balance')}{' '}
                      <Text span fw={600}>
                        {formatPrice(m.balance, locale)}
                      </Text>
                    </Text>
                    {m.usedBalance > 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('account.usedBalance', { amount: formatPrice(m.usedBalance, locale) })}
                      </Text>
                    ) : null}
                  </>
                ) : null}
                {m.pointsBalance > 0 || m.isLoyaltyPointsRedemption ? (
                  <Text size="sm" data-testid="member-points">
                    {t('memberTickets.points', { count: m.pointsBalance })}
                  </Text>
                ) : null}
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
