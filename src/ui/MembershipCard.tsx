import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderMembership } from '../api/contract/memberships.ts';
import { formatDate, formatPrice, pickText } from '../i18n/format.ts';
import { Barcode } from './Barcode.tsx';
import { useLocale } from './useLocale.ts';

/**
 * A printable membership card (the membership confirmation and the order's e-document): the membership,
 * what the line was (a new membership, a renewal, a top-up with the member tickets it added), the
 * member's name and number with its Code 128 barcode, the dates, the tickets left, the vouchers issued
 * with it, the price paid and the title of the terms accepted.
 */
export function MembershipCard({ m, name }: { m: OrderMembership; name: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      className="eticket"
      data-testid="membership-card"
      data-kind={m.kind}
    >
      <Stack gap={4}>
        <Group gap="xs">
          <Badge variant="light">{t(`memberships.kind.${m.kind}`)}</Badge>
          {m.kind === 'topUp' && m.topUpTickets > 0 ? (
            <Badge variant="outline" data-testid="membership-topup">
              {t('edocument.topUpTickets', { n: m.topUpTickets })}
            </Badge>
          ) : null}
          {m.isCancelled ? (
            <Badge color="gray" data-testid="membership-cancelled">
              {t('edocument.membershipCancelled')}
            </Badge>
          ) : null}
        </Group>
        <Title order={2} fz="h4">
          {pickText(m.name, locale)}
        </Title>
        <Text size="sm" c="dimmed">
          {pickText(m.priceName, locale)}
        </Text>
        <Text size="sm" fw={600} data-testid="membership-member-name">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('memberships.memberNumberLabel')}
        </Text>
        <Text fw={700} fz="xl" ff="monospace">
          <bdi dir="ltr" data-testid="member-number">
            {m.memberNumber ?? '—'}
          </bdi>
        </Text>
        {m.startDate && m.endDate ? (
          <Text size="sm" data-testid="membership-validity">
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
        <Text size="xs" c="dimmed" data-testid="membership-paid">
          {t('edocument.paid', { price: formatPrice(m.total, locale, m.currencyCode) })}
        </Text>
        {m.termsTitle ? (
          <Text size="xs" c="dimmed" data-testid="membership-terms">
            {t('edocument.terms', { terms: pickText(m.termsTitle, locale) })}
          </Text>
        ) : null}
        {m.memberNumber ? (
          <Barcode
            value={m.memberNumber}
            label={t('edocument.memberBarcodeFor', { number: m.memberNumber })}
            testId="member-barcode"
          />
        ) : null}
      </Stack>
    </Card>
  );
}
