import { Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allInPrice } from '../../domain/order/fees.ts';
import { defaultTicket } from '../../domain/order/tickets.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { seatPlaceText } from '../../domain/seatPlace.ts';
import { useTranslate } from '../../ui/useTranslate.ts';
import { GaStep } from './GaStep.tsx';
import { SeatStep, type SeatStepProps, type SeatValidator } from './SeatStep.tsx';
import type { DerivedOrder } from './selectors.ts';
import type { OrderSnapshot, OrderStore } from './store.ts';
import { usePhone } from '../../ui/usePhone.ts';

/**
 * Step 1: the seat map (or the general-admission areas), the seats held so far, and the way on. Continue
 * first checks the whole selection with the seat rules (the map's `validateSelection`: seat cap, whole
 * sofas, companions with a wheelchair space, no lone seat under seating policy 3); a refusal keeps the
 * customer on the step, with the rule's message above the map.
 */
export function SeatsStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tr = useTranslate();
  const { presentation: p } = store;
  const validatorRef = useRef<SeatValidator | null>(null);
  const phone = usePhone();
  const [checking, setChecking] = useState(false);
  const next = async () => {
    setChecking(true);
    try {
      if (validatorRef.current && !(await validatorRef.current())) return;
      await store.goTo('tickets');
    } finally {
      setChecking(false);
    }
  };
  // A price level's price is its default ticket's, all in (the legend and the total are the first prices
  // the order shows: with the handling fee, as the summary then charges it).
  const seatPrice = (tg: number) => {
    const dt = defaultTicket(d.ruleGroups.find((g) => g.id === tg));
    return dt ? allInPrice(dt, p.serviceCharge.amount) : null;
  };
  const seatStepProps: SeatStepProps = {
    presentation: p,
    settings: store.settings,
    seats: s.seats,
    priceOf: (tg: number) => {
      const price = seatPrice(tg);
      return price ? formatPrice(price.total, locale) : null;
    },
    onHeld: store.selectSeat,
    onReleased: store.releaseSeat,
    validatorRef,
  };
  // The running total at each seat's default ticket, all in (agorot; the ticket step may change it).
  const prices = s.seats.map((seat) => seatPrice(seat.ticketGroup));
  const total = prices.reduce((sum, price) => sum + (price?.total ?? 0), 0);
  const withFees = prices.some((price) => (price?.serviceCharge ?? 0) > 0);
  return (
    <Stack gap="md">
      {p.isReserved ? <SeatStep {...seatStepProps} /> : <GaStep {...seatStepProps} />}
      <Group
        justify="space-between"
        wrap="nowrap"
        data-testid="seat-step-bar"
        // On a phone the seats, the total and Continue stay in reach at the bottom of the screen.
        style={
          phone
            ? {
                position: 'sticky',
                bottom: 0,
                zIndex: 5,
                background: 'var(--mantine-color-body)',
                borderTop: '1px solid var(--mantine-color-default-border)',
                padding: 'var(--mantine-spacing-xs) 0',
              }
            : undefined
        }
      >
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text data-testid="seats-chosen" size={phone ? 'sm' : undefined} lineClamp={phone ? 2 : undefined}>
            {s.seats.length
              ? t('order.seatsChosen', {
                  count: s.seats.length,
                  seats: seatPlaceText(tr, s.seats),
                })
              : t('order.noSeatsYet')}
          </Text>
          {s.seats.length > 0 ? (
            <Text size="sm" fw={600} data-testid="seats-total">
              {t(withFees ? 'prices.totalInclFees' : 'order.runningTotal', {
                total: formatPrice(total, locale),
              })}
            </Text>
          ) : null}
        </Stack>
        <Button
          onClick={() => void next()}
          disabled={s.seats.length === 0}
          loading={checking}
          style={{ flexShrink: 0 }}
          data-testid="next-step"
        >
          {t('order.toTickets')}
        </Button>
      </Group>
    </Stack>
  );
}
