import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pickText, sectionIn } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { staffDateTime } from '../reports/format.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import type { OrderView } from './api.ts';
import { Ltr, Section, useMoney } from './parts.tsx';

type Ticket = OrderView['tickets'][number];
const ticketColor = { valid: 'teal', pending: 'yellow', void: 'gray', cancelled: 'red' } as const;

/**
 * The order's tickets show by show: the seat, the ticket type, the price paid and its state. A ticket a
 * staff refund or exchange cancelled reads "refunded" or "exchanged" with the change's reference; one an
 * exchange created says so; a called-off show is marked.
 */
export function TicketsSection({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney(order);
  if (order.tickets.length === 0) return null;
  const adjustment = new Map(order.adjustments.map((a) => [a.id, a]));
  const stateOf = (tk: Ticket) => {
    const a = tk.adjustmentId ? adjustment.get(tk.adjustmentId) : undefined;
    if (tk.state === 'cancelled' && a) return t(`backoffice.orders.tickets.by.${a.kind}`);
    if (tk.state === 'valid' && a?.kind === 'exchange') return t('backoffice.orders.tickets.exchangedIn');
    return t(`backoffice.orders.tickets.state.${tk.state}`);
  };
  return (
    <Section title={t('backoffice.orders.tickets.title')} testId="order-tickets">
      {order.presentations.map((p) => {
        const tickets = order.tickets.filter((tk) => tk.presentationId === p.id);
        return (
          <Stack key={p.id} gap={6} data-testid="order-show" data-presentation={p.id}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{pickText(p.title, locale)}</Text>
              <Text size="sm" c="dimmed">
                {staffDateTime(p.dateTime, locale)} · {pickText(p.venueName, locale)} ·{' '}
                {pickText(p.hallName, locale)}
              </Text>
              {p.calledOff ? (
                <Badge color="red" variant="light">
                  {t('backoffice.orders.tickets.calledOff')}
                </Badge>
              ) : null}
            </Group>
            <RecordTable
              rows={tickets}
              rowKey={(tk) => tk.ticketIdentifier}
              rowAttributes={(tk) => ({ 'data-testid': 'order-ticket', 'data-state': tk.state })}
              minWidth={720}
              columns={[
                {
                  key: 'seat',
                  label: t('backoffice.orders.tickets.seat'),
                  render: (tk) =>
                    tk.kind === 'video'
                      ? t('backoffice.orders.tickets.video')
                      : [
                          sectionIn(tk, locale),
                          tk.row && t('backoffice.orders.tickets.row', { row: tk.row }),
                          tk.seat && t('backoffice.orders.tickets.seatNo', { seat: tk.seat }),
                        ]
                          .filter(Boolean)
                          .join(', '),
                },
                {
                  key: 'type',
                  label: t('backoffice.orders.tickets.type'),
                  render: (tk) => (
                    <Stack gap={0}>
                      <Text size="sm">{pickText(tk.ticketName, locale)}</Text>
                      {tk.ticketCode ? (
                        <Text size="xs" c="dimmed">
                          {t('backoffice.orders.tickets.code')} <Ltr>{tk.ticketCode}</Ltr>
                        </Text>
                      ) : null}
                      {tk.addons.map((a) => (
                        <Text key={a.id} size="xs" c="dimmed">
                          + {pickText(a.name, locale)} {money(a.price)}
                        </Text>
                      ))}
                    </Stack>
                  ),
                },
                {
                  key: 'price',
                  label: t('backoffice.orders.tickets.price'),
                  render: (tk) => money(tk.price + tk.serviceCharge),
                },
                {
                  key: 'state',
                  label: t('backoffice.orders.tickets.stateLabel'),
                  render: (tk) => (
                    <Stack gap={0}>
                      <Badge color={ticketColor[tk.state]} variant="light">
                        {stateOf(tk)}
                      </Badge>
                      {tk.adjustmentId ? (
                        <Text size="xs" c="dimmed">
                          <Ltr>{tk.adjustmentId}</Ltr>
                        </Text>
                      ) : null}
                      {tk.entry?.lastAt ? (
                        <Text
                          size="xs"
                          c={tk.entry.inside ? 'teal' : 'dimmed'}
                          data-testid="order-ticket-entry"
                        >
                          {t(
                            tk.entry.inside
                              ? 'backoffice.orders.tickets.cameIn'
                              : 'backoffice.orders.tickets.wentOut',
                            {
                              at: staffDateTime(tk.entry.lastAt, locale),
                              door: tk.entry.lastDoor ?? '',
                            },
                          )}
                        </Text>
                      ) : null}
                    </Stack>
                  ),
                },
                {
                  key: 'id',
                  label: t('backoffice.orders.tickets.number'),
                  render: (tk) => (
                    <Text size="xs" ff="monospace">
                      <Ltr>{tk.ticketIdentifier}</Ltr>
                    </Text>
                  ),
                },
              ]}
            />
          </Stack>
        );
      })}
    </Section>
  );
}
