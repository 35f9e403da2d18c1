import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { pickText } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { CounterSeatMap } from './CounterSeatMap.tsx';
import { DonePanel } from './DonePanel.tsx';
import { ExchangeBanner } from './exchange/ExchangeBanner.tsx';
import { ExchangePanel } from './exchange/ExchangePanel.tsx';
import { startExchange } from './exchange/exchangeState.ts';
import { GaPlaces } from './GaPlaces.tsx';
import { HoldsButton } from './holds/HoldsButton.tsx';
import { PaymentPanel } from './PaymentPanel.tsx';
import { PresentationPicker } from './PresentationPicker.tsx';
import { SaleLines } from './SaleLines.tsx';
import { counter, type CounterState, leavePresentation, nextSale, openPresentation } from './saleStore.ts';
import { ShiftBar } from './shift/ShiftBar.tsx';

/**
 * The box office's counter (issue 36), made for a keyboard and a mouse: the clerk's shift and the holds
 * to collect at the top; then pick the show (type, arrows, Enter), take seats on its live map (a click,
 * or "best N") or places of a general-admission show, a ticket type per seat and products, take the
 * money (cash with the change shown big, a card on the terminal, gift cards, or a mix), and print the
 * tickets and the receipt. The sale is the shop's checkout with the same seat locks as the web.
 */
export function Counter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  // Read only here; valtio's snapshot types are deeply readonly, the contract's are not.
  const { presentation: p, done, exchange } = useSnapshot(counter) as CounterState;
  const me = useAsync(() => api.staffMe(), 'counter-me');
  const clerk = me.status === 'done' ? me.data.displayName : '';
  const opening = useAction();

  const open = (id: number) => void opening.run(() => openPresentation(id));
  const leave = () => void opening.run(() => leavePresentation());
  // `?exchange=<reservation>&tickets=<id,id>`: the order page sends tickets here to be exchanged.
  const [search] = useSearchParams();
  const exchangeOf = search.get('exchange');
  const ticketsOf = search.get('tickets');
  useEffect(() => {
    if (exchangeOf && ticketsOf && counter.exchange?.rid !== exchangeOf)
      void opening.run(() => startExchange(exchangeOf, ticketsOf.split(',')));
    // `opening` is stable in what it does; the exchange starts once per address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [exchangeOf, ticketsOf]);

  return (
    <Stack gap="md" data-testid="counter">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <ShiftBar />
        <HoldsButton />
      </Group>
      {opening.error ? (
        <Alert color="red" withCloseButton onClose={() => opening.setError(null)}>
          {errorText(t, opening.error)}
        </Alert>
      ) : null}
      {exchange ? <ExchangeBanner /> : null}
      {done ? (
        <DonePanel done={done} onNext={() => void opening.run(() => nextSale())} onOtherShow={leave} />
      ) : !p ? (
        <PresentationPicker
          onPick={open}
          busy={opening.busy}
          {...(exchange
            ? { only: (show: PresentationSummary) => show.featureId === exchange.featureId }
            : {})}
        />
      ) : (
        <>
          <Group justify="space-between" wrap="wrap" data-testid="counter-show-header">
            <div>
              <Title order={2} fz="h3" data-testid="counter-show-title">
                {pickText(p.title, locale)}
              </Title>
              <Text c="dimmed">
                {when.dateTime(p.dateTime)} · {pickText(p.venueName, locale)} · {pickText(p.hallName, locale)}
              </Text>
            </div>
            <Button
              variant="default"
              mih={TOUCH_PX}
              onClick={leave}
              loading={opening.busy}
              data-testid="counter-change-show"
            >
              {t('backoffice.counter.otherShow')}
            </Button>
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              {p.isReserved ? <CounterSeatMap key={p.id} p={p} /> : <GaPlaces key={p.id} p={p} />}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <SaleLines products={!exchange} />
                {exchange ? <ExchangePanel /> : <PaymentPanel clerk={clerk} />}
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
