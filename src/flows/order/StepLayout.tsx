import { Button, Grid, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presentation } from '../../api/contract/presentations.ts';
import { pickText } from '../../i18n/format.ts';
import { placeRuns } from '../../domain/seatPlace.ts';
import { seatRunLabel } from '../../ui/seatLabel.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { OrderStepId } from './model.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { type DerivedOrder, seatAddonLines, seatTicketName } from './selectors.ts';
import type { OrderSnapshot, OrderStore } from './store.ts';

/** The ticket, product and payment steps: the step's content, the order summary beside it, then the way on. */
export function StepLayout({
  summary,
  children,
  nav,
}: {
  summary: ReactNode;
  children: ReactNode;
  nav: ReactNode;
}) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col>
      <Grid.Col span={12}>
        <Group justify="space-between">{nav}</Group>
      </Grid.Col>
    </Grid>
  );
}

export function NextButton(props: { store: OrderStore; to: OrderStepId; label: string; disabled: boolean }) {
  return (
    <Button onClick={() => void props.store.goTo(props.to)} disabled={props.disabled} data-testid="next-step">
      {props.label}
    </Button>
  );
}

export function BackButton({
  store,
  to,
  disabled,
}: {
  store: OrderStore;
  to: OrderStepId;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={() => void store.goTo(to)} disabled={disabled}>
      {t('order.back')}
    </Button>
  );
}

/** The order's lines and prices as they stand (nothing while the prices cannot be computed). */
export function FlowSummary({
  presentation: p,
  s,
  d,
  isHold = false,
}: {
  presentation: Presentation;
  s: OrderSnapshot;
  d: DerivedOrder;
  /** A hold carries no service charge on its seats. */
  isHold?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pricing } = d;
  if (!pricing) return null;
  const seats = d.chosen.map((seat, i) => ({
    section: seat.section,
    row: seat.row,
    seat: seat.seat,
    at: i,
    detail: seatTicketName(d.groups, s.codes, seat, locale),
    amount: pricing.seats[i]?.price ?? 0,
    extras: seatAddonLines(d.groups, seat.ticketId, pricing.seats[i]?.addons, locale),
  }));
  // Seats side by side with the same ticket at the same price share a line ("Stalls, row 5, seats 3–4 ·
  // 2 × Regular"), as on the confirmation; a seat with add-ons keeps its own, its add-ons beneath it.
  const runs = placeRuns(seats, {
    line: (x) => (x.extras.length ? x.at : [x.detail, x.amount]),
    numbered: () => p.isReserved,
  });
  return (
    <OrderSummary
      seats={runs.map((run) => {
        const first = run.tickets[0]!;
        const count = run.tickets.length;
        return {
          label: seatRunLabel(t, run, p.isReserved),
          detail: count > 1 ? t('order.ticketCount', { count, ticket: first.detail }) : first.detail,
          amount: run.tickets.reduce((sum, x) => sum + x.amount, 0),
          extras: first.extras,
        };
      })}
      products={[
        ...d.productLines.map((l) => ({
          label: `${pickText(l.name, locale)} × ${l.quantity}`,
          amount: l.price * l.quantity,
        })),
        ...(d.donation
          ? [
              {
                label: t('order.donationLine', { fund: pickText(d.donation.name, locale) }),
                amount: d.donation.amount,
                testId: 'summary-donation',
              },
            ]
          : []),
      ]}
      serviceCharge={isHold ? 0 : pricing.serviceCharge}
      serviceChargeLabel={p.serviceCharge.label}
      total={isHold ? pricing.total - pricing.serviceCharge : pricing.total}
    />
  );
}
