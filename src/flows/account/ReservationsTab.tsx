import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CancelAnswer, CustomerReservation } from '../../api/contract/customer.ts';
import { api } from '../../api/endpoints.ts';
import { formatDateTime, formatPrice, pickText } from '../../i18n/format.ts';
import { edocumentPath, waiverPath } from '../../routing/paths.ts';
import { PHONE_ROW_BUTTON } from '../../ui/ResponsiveTable.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { OrderDetailsText } from '../../ui/OrderDetailsText.tsx';
import { OrderLinesTable } from '../../ui/OrderLinesTable.tsx';
import { OrderPaymentList, RefundSplitList } from '../../ui/OrderPayments.tsx';
import { CancelReservationDialog } from './CancelReservationDialog.tsx';
import { LoadState } from './LoadState.tsx';
import { useLoad } from './useLoad.ts';

const loadReservations = () => api.myReservations();

/** My tickets (upcoming) or past reservations, each with its seats, charges, e-ticket and cancel. */
export function ReservationsTab({ which }: { which: 'upcoming' | 'past' }) {
  const { t } = useTranslation();
  const { result, reload, set } = useLoad(loadReservations);
  const [cancelling, setCancelling] = useState<CustomerReservation | null>(null);
  // The cancellation just made: what was refunded, and to which card and gift card.
  const [done, setDone] = useState<{ answer: CancelAnswer; currency: string | null } | null>(null);
  const locale = useLocale();

  if (result.state !== 'ready') return <LoadState result={result} retry={reload} />;
  const list = result.data[which];
  return (
    <Stack gap="md" data-testid={`reservations-${which}`}>
      {done ? (
        <Alert color="teal" withCloseButton onClose={() => setDone(null)} data-testid="cancel-done">
          <Stack gap={4}>
            <Text size="sm">
              {t('account.cancelledRefund', {
                id: done.answer.reservationIdentifier,
                refund: formatPrice(done.answer.refund, locale, done.currency),
              })}
            </Text>
            <RefundSplitList
              refunds={done.answer.refunds}
              atBoxOffice={done.answer.refundAtBoxOffice}
              currency={done.currency}
              testId="cancel-done-split"
            />
          </Stack>
        </Alert>
      ) : null}
      {list.length === 0 ? (
        <Text c="dimmed">{t(which === 'upcoming' ? 'account.noUpcoming' : 'account.noPast')}</Text>
      ) : null}
      {list.map((r) => (
        <ReservationCard
          key={r.reservationIdentifier}
          reservation={r}
          onCancel={r.canCancel ? () => setCancelling(r) : null}
        />
      ))}
      <CancelReservationDialog
        reservation={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(answer) => {
          // Spec section 4: cancelling a reservation removes it from the list.
          set({
            ...result.data,
            upcoming: result.data.upcoming.filter(
              (r) => r.reservationIdentifier !== answer.reservationIdentifier,
            ),
          });
          setCancelling(null);
          setDone({ answer, currency: cancelling?.currency?.code ?? null });
        }}
      />
    </Stack>
  );
}

function ReservationCard({
  reservation: r,
  onCancel,
}: {
  reservation: CustomerReservation;
  onCancel: (() => void) | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  // On a phone the buttons go across the card, one beneath the other, 44 px tall.
  const phone = usePhone();
  const Buttons = phone ? Stack : Group;
  const button = phone ? PHONE_ROW_BUTTON : {};
  return (
    <Card withBorder padding="md" data-testid="reservation" data-reservation={r.reservationIdentifier}>
      <Stack gap="sm">
        {r.presentations.map((p) => (
          <div key={p.id}>
            <Title order={3} fz="h4">
              {pickText(p.title, locale)}
            </Title>
            <Text size="sm" c="dimmed">
              {`${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)} · ${when.dateTime(p.dateTime)}`}
            </Text>
          </div>
        ))}
        <Group gap="xs">
          <Text size="sm">{t('account.reservationNumber')}</Text>
          <Text size="sm" fw={700} dir="ltr" data-testid="reservation-number">
            {r.reservationIdentifier}
          </Text>
          {r.isPast ? <Badge color="gray">{t('account.pastBadge')}</Badge> : null}
          {r.isHold ? (
            <Badge color={r.holdExpired ? 'gray' : 'violet'} data-testid="hold-badge">
              {t(r.holdExpired ? 'account.holdExpired' : 'account.holdBadge')}
            </Badge>
          ) : null}
        </Group>
        {r.isHold && r.holdDeadline ? (
          <Text size="sm" fw={600} c={r.holdExpired ? 'dimmed' : undefined} data-testid="hold-deadline">
            {t(r.holdExpired ? 'account.holdExpiredOn' : 'account.holdPayBy', {
              deadline: formatDateTime(r.holdDeadline, locale),
            })}
          </Text>
        ) : null}
        {/* A phone's card is narrower than the table likes; its cells wrap rather than hide the prices. */}
        {phone ? (
          <OrderLinesTable order={r} bookingFee={r.bookingFee} totalTestId="reservation-total" />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <OrderLinesTable order={r} bookingFee={r.bookingFee} totalTestId="reservation-total" />
          </Table.ScrollContainer>
        )}
        <OrderDetailsText order={r} />
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t(
              r.isHold
                ? 'account.heldOn'
                : r.payments.length
                  ? 'account.orderedOn'
                  : r.payment
                    ? 'account.paidOnline'
                    : 'account.paidAtBoxOffice',
              { date: formatDateTime(r.createdAt, locale) },
            )}
          </Text>
          {/* Every payment by itself: a gift card and a card are two lines, each with its amount. */}
          <OrderPaymentList
            payments={r.payments}
            currency={r.currency?.code}
            testId="reservation-payments"
            itemTestId="reservation-payment"
          />
        </Stack>
        <Buttons gap={phone ? 'xs' : undefined}>
          <Button
            {...button}
            component={Link}
            to={`${edocumentPath(r.documentKey)}?language=${locale}`}
            variant="light"
            data-testid="reservation-etickets"
          >
            {t(r.isHold ? 'checkout.openReservation' : 'account.openTickets')}
          </Button>
          {r.hasWaiver ? (
            <Button
              {...button}
              component={Link}
              to={waiverPath(r.reservationIdentifier)}
              variant="subtle"
              data-testid="reservation-waiver"
            >
              {t('waiver.open')}
            </Button>
          ) : null}
          {onCancel ? (
            <Button
              {...button}
              variant="subtle"
              color="red"
              onClick={onCancel}
              data-testid="cancel-reservation"
            >
              {t(r.isHold ? 'account.cancelHold' : 'account.cancelOrder')}
            </Button>
          ) : null}
        </Buttons>
      </Stack>
    </Card>
  );
}
