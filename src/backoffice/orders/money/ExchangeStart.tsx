import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { OrderView } from '../../../api/contract/ordersAdmin.ts';
import { formatPrice, pickText } from '../../../domain/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { useShowTime } from '../../../ui/useShowTime.ts';
import { TOUCH_PX } from '../../ui/touch.ts';

/** The tickets an exchange may move: valid seat tickets (a couple seat's second half goes with the first). */
export const exchangeableTickets = (order: OrderView) =>
  order.tickets.filter((t) => t.state === 'valid' && t.kind === 'seat' && !t.isSubTicket);

/**
 * Starts an exchange from the order page (issue 36): the clerk ticks the tickets to move (of one show),
 * and the counter opens with the same feature's shows to pick the new seats from.
 */
export function ExchangeStart({
  order,
  opened,
  onClose,
}: {
  order: OrderView;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const navigate = useNavigate();
  const tickets = exchangeableTickets(order);
  const [chosen, setChosen] = useState<string[]>(() => {
    const shows = new Set(tickets.map((x) => x.presentationId));
    return shows.size === 1 ? tickets.map((x) => x.ticketIdentifier) : [];
  });
  const shows = new Set(
    tickets.filter((x) => chosen.includes(x.ticketIdentifier)).map((x) => x.presentationId),
  );
  const ready = chosen.length > 0 && shows.size === 1;
  const money = (n: number) => formatPrice(n, locale, order.currency.code);
  return (
    <Modal opened={opened} onClose={onClose} title={t('backoffice.exchange.startTitle')} size="lg" centered>
      <Stack gap="sm" data-testid="exchange-start">
        <Text size="sm">{t('backoffice.exchange.startHint')}</Text>
        {order.presentations.map((p) => {
          const mine = tickets.filter((x) => x.presentationId === p.id);
          if (!mine.length) return null;
          return (
            <Stack key={p.id} gap={4}>
              <Text fw={700}>
                {pickText(p.title, locale)} · {when.dateTime(p.dateTime)}
              </Text>
              {mine.map((x) => (
                <Checkbox
                  key={x.ticketIdentifier}
                  checked={chosen.includes(x.ticketIdentifier)}
                  onChange={(e) =>
                    setChosen((c) =>
                      e.currentTarget.checked
                        ? [...c, x.ticketIdentifier]
                        : c.filter((id) => id !== x.ticketIdentifier),
                    )
                  }
                  label={t('backoffice.money.ticketLine', {
                    section: pickText(x.sectionNames, locale) || x.section,
                    row: x.row,
                    seat: x.seat,
                    ticket: pickText(x.ticketName, locale),
                    price: money(x.price),
                  })}
                  styles={{ body: { alignItems: 'center', minHeight: TOUCH_PX } }}
                  data-testid="exchange-ticket"
                />
              ))}
            </Stack>
          );
        })}
        {shows.size > 1 ? (
          <Text c="orange" size="sm">
            {t('backoffice.exchange.oneShow')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button
            mih={TOUCH_PX}
            disabled={!ready}
            data-testid="exchange-pick-seats"
            onClick={() =>
              void navigate(
                `/staff/counter?exchange=${encodeURIComponent(order.reservationIdentifier)}&tickets=${chosen
                  .map(encodeURIComponent)
                  .join(',')}`,
              )
            }
          >
            {t('backoffice.exchange.pickNewSeats')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
