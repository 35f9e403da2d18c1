import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { staffDateTime } from '../reports/format.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import type { OrderView } from './api.ts';
import { Ltr, Section, useMoney } from './parts.tsx';

type Payment = OrderView['payments'][number];
const statusColor = {
  approved: 'teal',
  refunded: 'gray',
  pending: 'yellow',
  action_needed: 'yellow',
  failed: 'red',
} as const;

/**
 * The order's money: every payment attempt with its method, state, provider and references (a declined
 * card too, with the acquirer's reason), what went back of it; the refunds, where each went and whether
 * the provider confirmed it; and the staff's refunds and exchanges with who, why and the fee.
 */
export function PaymentsSection({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney(order);
  const source = (p: Payment) =>
    p.giftCard ? (
      <Ltr>{p.giftCard}</Ltr>
    ) : p.last4 ? (
      <Ltr>{`${p.brand ?? ''} •••• ${p.last4}`.trim()}</Ltr>
    ) : null;
  return (
    <Section title={t('backoffice.orders.payments.title')} testId="order-payments">
      {order.payments.length === 0 ? (
        <Text c="dimmed">{t('backoffice.orders.payments.none')}</Text>
      ) : (
        <RecordTable
          rows={order.payments}
          rowKey={(p) => p.id}
          rowAttributes={(p) => ({
            'data-testid': 'order-payment',
            'data-status': p.status,
            'data-method': p.method,
          })}
          minWidth={860}
          columns={[
            {
              key: 'method',
              label: t('backoffice.orders.payments.method'),
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{t(`backoffice.orders.payments.methods.${p.method}`)}</Text>
                  <Text size="xs" c="dimmed">
                    {source(p)}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'status',
              label: t('backoffice.orders.payments.status'),
              render: (p) => (
                <Stack gap={0}>
                  <Badge color={statusColor[p.status]} variant="light">
                    {t(`backoffice.orders.payments.statuses.${p.status}`)}
                  </Badge>
                  {p.failureCode || p.failureReason ? (
                    <Text size="xs" c="red.8">
                      {[p.failureCode, p.failureReason].filter(Boolean).join(': ')}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              key: 'provider',
              label: t('backoffice.orders.payments.provider'),
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{p.provider}</Text>
                  {p.providerRef ? (
                    <Text size="xs" c="dimmed">
                      <Ltr>{p.providerRef}</Ltr>
                    </Text>
                  ) : null}
                  {p.approvalCode ? (
                    <Text size="xs" c="dimmed">
                      {t('backoffice.orders.payments.approval')} <Ltr>{p.approvalCode}</Ltr>
                    </Text>
                  ) : null}
                  {p.takenBy ? (
                    <Text size="xs" c="dimmed">
                      {t('backoffice.orders.soldBy', { name: p.takenBy })}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              key: 'amount',
              label: t('backoffice.orders.payments.amount'),
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{money(p.amount)}</Text>
                  {p.numberOfPayments > 1 ? (
                    <Text size="xs" c="dimmed">
                      {t('backoffice.orders.payments.instalments', { n: p.numberOfPayments })}
                    </Text>
                  ) : null}
                  {p.tendered !== null ? (
                    <Text size="xs" c="dimmed">
                      {t('backoffice.orders.payments.tendered', { amount: money(p.tendered) })}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              key: 'refunded',
              label: t('backoffice.orders.payments.refunded'),
              render: (p) => (p.refunded ? money(p.refunded) : '—'),
            },
            {
              key: 'at',
              label: t('backoffice.orders.payments.at'),
              render: (p) => staffDateTime(p.updatedAt, locale),
            },
          ]}
        />
      )}
      <Title order={4} fz="h5">
        {t('backoffice.orders.refunds.title')}
      </Title>
      {order.refunds.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="order-refunds-none">
          {t('backoffice.orders.refunds.none')}
        </Text>
      ) : (
        <RecordTable
          data-testid="order-refunds"
          rows={order.refunds}
          rowKey={(r) => r.id}
          rowAttributes={() => ({ 'data-testid': 'order-refund' })}
          columns={[
            {
              key: 'to',
              label: t('backoffice.orders.refunds.to'),
              render: (r) => t(`backoffice.orders.refunds.methods.${r.method}`),
            },
            { key: 'amount', label: t('backoffice.orders.refunds.amount'), render: (r) => money(r.amount) },
            {
              key: 'at',
              label: t('backoffice.orders.refunds.at'),
              render: (r) => staffDateTime(r.createdAt, locale),
            },
            {
              key: 'state',
              label: t('backoffice.orders.refunds.state'),
              render: (r) =>
                r.doneAt
                  ? t('backoffice.orders.refunds.done', { at: staffDateTime(r.doneAt, locale) })
                  : t('backoffice.orders.refunds.waiting'),
            },
            { key: 'by', label: t('backoffice.orders.refunds.by'), render: (r) => r.takenBy ?? '—' },
          ]}
        />
      )}
      {order.adjustments.length ? (
        <>
          <Title order={4} fz="h5">
            {t('backoffice.orders.adjustments.title')}
          </Title>
          <RecordTable
            data-testid="order-adjustments"
            rows={order.adjustments}
            rowKey={(a) => a.id}
            rowAttributes={(a) => ({ 'data-testid': 'order-adjustment', 'data-kind': a.kind })}
            columns={[
              {
                key: 'kind',
                label: t('backoffice.orders.adjustments.kind'),
                render: (a) => t(`backoffice.orders.adjustments.kinds.${a.kind}`),
              },
              {
                key: 'at',
                label: t('backoffice.orders.adjustments.at'),
                render: (a) => staffDateTime(a.at, locale),
              },
              { key: 'who', label: t('backoffice.orders.adjustments.who'), render: (a) => a.actor.name },
              { key: 'reason', label: t('backoffice.orders.adjustments.reason'), render: (a) => a.reason },
              {
                key: 'money',
                label: t('backoffice.orders.adjustments.money'),
                render: (a) =>
                  [
                    a.refund ? t('backoffice.orders.adjustments.refund', { amount: money(a.refund) }) : null,
                    a.charge ? t('backoffice.orders.adjustments.charge', { amount: money(a.charge) }) : null,
                    a.fee ? t('backoffice.orders.adjustments.fee', { amount: money(a.fee) }) : null,
                    a.feeWaivedReason
                      ? t('backoffice.orders.adjustments.feeWaived', { reason: a.feeWaivedReason })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—',
              },
            ]}
          />
        </>
      ) : null}
    </Section>
  );
}
