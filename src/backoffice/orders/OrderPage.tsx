import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../ui/errorText.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { useLoaded } from '../venues/shared.tsx';
import { ordersApi } from './api.ts';
import { HistorySection } from './HistorySection.tsx';
import { LinesSection } from './LinesSection.tsx';
import { MessagesSection } from './MessagesSection.tsx';
import { OrderMoneyActions } from './money/OrderMoneyActions.tsx';
import { Ltr, StateBadge } from './parts.tsx';
import { PaymentsSection } from './PaymentsSection.tsx';
import { filtersOf, SearchForm, searchPathOf } from './SearchForm.tsx';
import { SummarySection } from './SummarySection.tsx';
import { TicketsSection } from './TicketsSection.tsx';

/**
 * /staff/orders/<reservation number>: everything about one order, in any state. The search form stays on
 * top (the next scan goes straight on) with a link back to the results; the money actions (refund,
 * exchange) come first, then the summary and customer, the tickets, the other lines, payments and
 * refunds, messages and the history. Every change reloads the page's order, keeping it on screen meanwhile.
 */
export function OrderPage({ reservationIdentifier }: { reservationIdentifier: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const filters = filtersOf(search);
  const loaded = useLoaded((signal) => ordersApi.order(reservationIdentifier, signal), reservationIdentifier);
  const order = loaded.data;
  return (
    <Stack gap="md" data-testid="order-page" data-reservation={reservationIdentifier}>
      <SearchForm initial={filters} />
      <Anchor
        component={Link}
        to={searchPathOf(search, filters)}
        lh={`${TOUCH_PX}px`}
        data-testid="order-back"
      >
        {t('backoffice.orders.backToResults')}
      </Anchor>
      {loaded.error ? (
        <Alert color="red" data-testid="order-error">
          {errorText(t, loaded.error)}
        </Alert>
      ) : !order ? (
        <Skeleton height={320} radius="md" aria-busy="true" />
      ) : (
        <>
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="h3">
              {t('backoffice.orders.orderTitle')} <Ltr>{order.reservationIdentifier}</Ltr>
            </Title>
            <StateBadge state={order.state} />
          </Group>
          {/* The money actions (refunds, exchanges: issue 36) sit first: they are why most orders are opened. */}
          <OrderMoneyActions order={order} onChanged={loaded.reload} />
          <SummarySection order={order} onChanged={loaded.reload} />
          <TicketsSection order={order} />
          <LinesSection order={order} />
          <PaymentsSection order={order} />
          <MessagesSection order={order} onChanged={loaded.reload} />
          <HistorySection order={order} />
        </>
      )}
    </Stack>
  );
}
