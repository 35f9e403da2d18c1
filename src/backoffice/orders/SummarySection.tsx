import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { staffDateTime } from '../reports/format.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import type { OrderView } from './api.ts';
import { CustomerDialog } from './CustomerDialog.tsx';
import { Fact, Ltr, Section, useMoney } from './parts.tsx';

const TOTALS = [
  'tickets',
  'addons',
  'serviceCharge',
  'products',
  'vouchers',
  'donations',
  'memberships',
  'enrolment',
  'bookingFee',
] as const;

/**
 * The order at a glance: its state and dates, the customer (with "Edit details"), where it was sold and
 * by whom, the e-ticket and waiver links, and its totals (only the parts it has), with what was kept as
 * a cancellation fee and what has been refunded.
 */
export function SummarySection({ order, onChanged }: { order: OrderView; onChanged(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney(order);
  const [editing, setEditing] = useState(false);
  const c = order.customer;
  const when = (iso: string | null) => (iso ? staffDateTime(iso, locale) : null);
  return (
    <Section title={t('backoffice.orders.summary.title')} testId="order-summary">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={6}>
          <Fact label={t('backoffice.orders.summary.created')}>{when(order.createdAt)}</Fact>
          {order.confirmedAt ? (
            <Fact label={t('backoffice.orders.summary.confirmed')}>{when(order.confirmedAt)}</Fact>
          ) : null}
          {order.cancelledAt ? (
            <Fact label={t('backoffice.orders.summary.cancelled')}>{when(order.cancelledAt)}</Fact>
          ) : null}
          {order.holdDeadline ? (
            <Fact label={t('backoffice.orders.summary.holdDeadline')}>{when(order.holdDeadline)}</Fact>
          ) : null}
          {order.failure ? (
            <Fact label={t('backoffice.orders.summary.failure')}>
              {t(`errors.${order.failure}`, { defaultValue: order.failure })}
            </Fact>
          ) : null}
          <Fact label={t('backoffice.orders.summary.pointOfSale')}>
            {t(`backoffice.orders.pointOfSale.${order.pointOfSale}`)}
            {order.soldBy ? ` · ${t('backoffice.orders.soldBy', { name: order.soldBy })}` : ''}
          </Fact>
          <Fact label={t('backoffice.orders.summary.language')}>
            {t(`backoffice.orders.languages.${order.locale}`)}
          </Fact>
          <Fact label={t('backoffice.orders.summary.links')}>
            <Group gap="md">
              {order.links.eTicket ? (
                <Anchor
                  href={order.links.eTicket}
                  target="_blank"
                  lh={`${TOUCH_PX}px`}
                  data-testid="order-eticket-link"
                >
                  {t('backoffice.orders.summary.eTicket')}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('backoffice.orders.summary.noETicket')}
                </Text>
              )}
              {order.links.waiver ? (
                <Anchor
                  href={order.links.waiver}
                  target="_blank"
                  lh={`${TOUCH_PX}px`}
                  data-testid="order-waiver-link"
                >
                  {t('backoffice.orders.summary.waiver')}
                </Anchor>
              ) : null}
            </Group>
          </Fact>
        </Stack>
        <Stack gap={6} data-testid="order-customer">
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{[c.firstName, c.lastName].filter(Boolean).join(' ') || '—'}</Text>
            <Button
              variant="light"
              size="sm"
              mih={TOUCH_PX}
              onClick={() => setEditing(true)}
              data-testid="order-customer-edit"
            >
              {t('backoffice.orders.customer.edit')}
            </Button>
          </Group>
          <Fact label={t('backoffice.orders.customer.mobileNumber')}>
            {c.mobileNumber ? <Ltr>{c.mobileNumber}</Ltr> : '—'}
          </Fact>
          <Fact label={t('backoffice.orders.customer.email')}>{c.email ? <Ltr>{c.email}</Ltr> : '—'}</Fact>
          <Fact label={t('backoffice.orders.customer.account')}>
            {c.accountId ? t('backoffice.orders.customer.hasAccount') : t('backoffice.orders.customer.guest')}
          </Fact>
        </Stack>
      </SimpleGrid>
      <Stack gap={4} data-testid="order-totals">
        {TOTALS.filter((k) => order.totals[k] > 0).map((k) => (
          <Fact key={k} label={t(`backoffice.orders.totals.${k}`)}>
            {money(order.totals[k])}
          </Fact>
        ))}
        <Fact label={t('backoffice.orders.totals.total')} testId="order-total">
          <Text fw={700} size="sm" span>
            {money(order.totals.total)}
          </Text>
        </Fact>
        {order.totals.cancelFee ? (
          <Fact label={t('backoffice.orders.totals.cancelFee')}>{money(order.totals.cancelFee)}</Fact>
        ) : null}
        {order.totals.refunded > 0 ? (
          <Fact label={t('backoffice.orders.totals.refunded')}>{money(order.totals.refunded)}</Fact>
        ) : null}
      </Stack>
      {editing ? (
        <CustomerDialog
          order={order}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : null}
    </Section>
  );
}
