import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultTicket } from '../../domain/order/tickets.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { GaStep } from './GaStep.tsx';
import { SeatStep, type SeatStepProps } from './SeatStep.tsx';
import type { DerivedOrder } from './selectors.ts';
import { NextButton } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';

/** Step 1: the seat map (or the general-admission areas), the seats held so far, and the way on. */
export function SeatsStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { presentation: p } = store;
  const seatStepProps: SeatStepProps = {
    presentation: p,
    settings: store.settings,
    seats: s.seats,
    priceOf: (tg: number) => {
      const dt = defaultTicket(d.ruleGroups.find((g) => g.id === tg));
      return dt ? formatPrice(dt.price, locale) : null;
    },
    onHeld: store.selectSeat,
    onReleased: store.releaseSeat,
  };
  return (
    <Stack gap="md">
      {p.isReserved ? <SeatStep {...seatStepProps} /> : <GaStep {...seatStepProps} />}
      <Group justify="space-between">
        <Text data-testid="seats-chosen">
          {s.seats.length
            ? t('order.seatsChosen', {
                count: s.seats.length,
                seats: s.seats.map((seat) => `${seat.row}/${seat.seat}`).join(', '),
              })
            : t('order.noSeatsYet')}
        </Text>
        <NextButton store={store} to="tickets" label={t('order.toTickets')} disabled={s.seats.length === 0} />
      </Group>
    </Stack>
  );
}
