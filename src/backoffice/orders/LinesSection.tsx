import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import type { OrderView } from './api.ts';
import { Ltr, Section, useMoney } from './parts.tsx';

interface Line {
  key: string;
  kind: 'product' | 'voucher' | 'donation' | 'membership' | 'enrolment';
  name: string;
  detail: string;
  quantity: number;
  amount: number | null;
  state: string | null;
}

/**
 * What the order bought besides seats, one line each: products (with what staff refunded of them), the
 * gift cards and vouchers it sold (their codes, state and what is left on them), donations, memberships
 * with their member numbers, and a season enrolment.
 */
export function LinesSection({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney(order);
  const name = (text: Parameters<typeof pickText>[0]) => pickText(text, locale);
  const show = new Map(order.presentations.map((p) => [p.id, name(p.title)]));
  const lines: Line[] = [
    ...order.products.map((p) => ({
      key: `p${p.presentationId}-${p.id}`,
      kind: 'product' as const,
      name: name(p.name),
      detail: show.get(p.presentationId) ?? '',
      quantity: p.quantity,
      amount: p.unitPrice * p.quantity,
      state:
        p.refundedQuantity > 0
          ? t('backoffice.orders.lines.refundedQuantity', { n: p.refundedQuantity })
          : null,
    })),
    ...order.vouchers.map((v) => ({
      key: `v${v.reference}`,
      kind: 'voucher' as const,
      name: name(v.name),
      detail: v.reference,
      quantity: 1,
      amount: v.price,
      state: `${t(`backoffice.orders.lines.voucherState.${v.state}`)} · ${
        v.isStoredValue
          ? t('backoffice.orders.lines.balance', { amount: money(v.balance) })
          : t('backoffice.orders.lines.uses', { n: v.balance })
      }`,
    })),
    ...order.donations.map((d, i) => ({
      key: `d${i}`,
      kind: 'donation' as const,
      name: name(d.name),
      detail: '',
      quantity: d.quantity,
      amount: d.total,
      state: null,
    })),
    ...order.memberships.map((m, i) => ({
      key: `m${i}`,
      kind: 'membership' as const,
      name: `${name(m.name)} · ${name(m.priceName)}`,
      detail: m.memberNumber ?? '',
      quantity: 1,
      amount: m.total,
      state: m.isCancelled ? t('backoffice.orders.lines.cancelled') : null,
    })),
    ...(order.enrolment
      ? [
          {
            key: 'enrolment',
            kind: 'enrolment' as const,
            name: `${name(order.enrolment.name)} · ${name(order.enrolment.seasonName)}`,
            detail: order.enrolment.memberNumber ?? '',
            quantity: 1,
            amount: order.totals.enrolment,
            state: order.enrolment.isCancelled ? t('backoffice.orders.lines.cancelled') : null,
          },
        ]
      : []),
  ];
  if (lines.length === 0) return null;
  return (
    <Section title={t('backoffice.orders.lines.title')} testId="order-lines">
      <RecordTable
        rows={lines}
        rowKey={(l) => l.key}
        rowAttributes={(l) => ({ 'data-testid': 'order-line', 'data-kind': l.kind })}
        columns={[
          {
            key: 'kind',
            label: t('backoffice.orders.lines.kind'),
            render: (l) => (
              <Badge variant="light" color="gray">
                {t(`backoffice.orders.lines.kinds.${l.kind}`)}
              </Badge>
            ),
          },
          {
            key: 'name',
            label: t('backoffice.orders.lines.name'),
            render: (l) => (
              <Stack gap={0}>
                <Text size="sm">{l.name}</Text>
                {l.detail ? (
                  <Text size="xs" c="dimmed">
                    <Ltr>{l.detail}</Ltr>
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { key: 'quantity', label: t('backoffice.orders.lines.quantity'), render: (l) => l.quantity },
          {
            key: 'amount',
            label: t('backoffice.orders.lines.amount'),
            render: (l) => (l.amount === null ? '—' : money(l.amount)),
          },
          { key: 'state', label: t('backoffice.orders.lines.state'), render: (l) => l.state ?? '' },
        ]}
      />
    </Section>
  );
}
