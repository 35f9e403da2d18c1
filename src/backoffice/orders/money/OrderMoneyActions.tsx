import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { OrderView } from '../../../api/contract/ordersAdmin.ts';
import { formatPrice } from '../../../domain/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import type { RefundAnswer } from './api.ts';
import { ExchangeStart, exchangeableTickets } from './ExchangeStart.tsx';
import { RefundDialog } from './RefundDialog.tsx';

/**
 * The order page's money actions (issue 36): refund the whole order or chosen lines, or exchange tickets
 * for seats of another show of the same feature (picked at the counter). After a refund the
 * page reloads, and what the clerk must hand over at the counter stays on screen until the next action.
 */
export function OrderMoneyActions({ order, onChanged }: { order: OrderView; onChanged(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [refunding, setRefunding] = useState(false);
  const [exchanging, setExchanging] = useState(false);
  // The counter comes back here after an exchange (`?exchanged=1`): the page shows the new tickets.
  const [search] = useSearchParams();
  const exchanged = search.get('exchanged') === '1';
  const [done, setDone] = useState<RefundAnswer | null>(null);
  // A paid order is always refundable whole (its gift cards, donations, memberships too); a hold is cancelled.
  const refundable = order.state === 'held' || order.state === 'paid';
  if (!refundable && !done) return null;
  const money = (n: number) => formatPrice(n, locale, order.currency.code);
  return (
    <>
      <Group gap="sm" data-testid="order-money-actions">
        {refundable ? (
          <Button
            color="red"
            variant="light"
            mih={TOUCH_PX}
            onClick={() => {
              setDone(null);
              setRefunding(true);
            }}
            data-testid="order-refund"
          >
            {order.state === 'held' ? t('backoffice.money.cancelHold') : t('backoffice.money.refundOpen')}
          </Button>
        ) : null}
        {order.state === 'paid' && exchangeableTickets(order).length > 0 ? (
          <Button
            variant="light"
            mih={TOUCH_PX}
            onClick={() => setExchanging(true)}
            data-testid="order-exchange"
          >
            {t('backoffice.exchange.open')}
          </Button>
        ) : null}
      </Group>
      {exchanged && !done ? (
        <Alert color="green" data-testid="exchange-done" mt="sm">
          {t('backoffice.exchange.done')}
        </Alert>
      ) : null}
      {exchanging ? <ExchangeStart order={order} opened onClose={() => setExchanging(false)} /> : null}
      {done ? (
        <Alert color="green" data-testid="refund-done" mt="sm">
          {done.refund > 0
            ? t('backoffice.money.refunded', { amount: money(done.refund) })
            : t('backoffice.money.cancelled')}
          {done.atCounter > 0 ? ` ${t('backoffice.money.handOver', { amount: money(done.atCounter) })}` : ''}
        </Alert>
      ) : null}
      {refunding ? (
        <RefundDialog
          order={order}
          opened
          onClose={() => setRefunding(false)}
          onDone={(answer) => {
            setRefunding(false);
            setDone(answer);
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}
