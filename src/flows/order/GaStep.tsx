import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seatKey } from '../../domain/seatKey.ts';
import { api } from '../../api/endpoints.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { type HeldSeat, lockSeatOf } from './model.ts';
import { errorText } from '../../ui/errorText.ts';
import { stepperProps } from '../../ui/QuantityStepper.tsx';
import { freePlaces } from './seatActions.ts';
import type { SeatStepProps } from './SeatStep.tsx';

interface GaSection {
  id: number;
  name: string;
  ticketGroup: number;
  names: Map<string, { row: string; seat: string }>;
}

/**
 * Step 1, general admission: the customer asks for a number of places per area and the box office
 * picks the places (spec section 4). One request is all or nothing: when the status map shows fewer
 * free places than asked, the shop says ga_not_enough_seats before locking anything; when the box office
 * runs out on the way (others were quicker) it says so too, and the places taken in that attempt are
 * released again.
 */
export function GaStep(props: SeatStepProps) {
  const { presentation: p, settings, seats } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const [quantity, setQuantity] = useState<Record<number, number>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan = useAsync(async () => {
    const sp = await api.seatplan(p.venueId, p.seatplanId);
    return sp.S.map((s): GaSection => {
      const names = new Map<string, { row: string; seat: string }>();
      let ticketGroup = 0;
      for (const g of s.G)
        for (const r of g.R)
          for (const seat of r.S) {
            ticketGroup ||= seat.tg;
            names.set(seatKey(s.id, seat.x, seat.y), { row: r.r, seat: seat.n });
          }
      // The section in the page's language ("טרמפולינות", not "Trampolines"), as the seat map names it.
      return { id: s.id, name: s.names?.[locale]?.trim() || s.name, ticketGroup, names };
    });
  }, `${p.venueId}:${p.seatplanId}:${locale}`);

  const hold = async (section: GaSection) => {
    const n = quantity[section.id] ?? 1;
    setBusy(true);
    setMessage(null);
    const held: HeldSeat[] = [];
    try {
      // A status map that cannot be read decides nothing: the box office will say.
      const status = await api.seatsStatus(p).catch(() => null);
      if (status && freePlaces(status.seats, section.id, section.ticketGroup) < n) {
        setMessage(t('errors.ga_not_enough_seats'));
        return;
      }
      for (let i = 0; i < n; i++) {
        const r = await api.lockSeat({
          PresentationId: p.id,
          VenueId: p.venueId,
          VenueSeatplanId: p.seatplanId,
          VenueSectionId: section.id,
          TicketGroupId: section.ticketGroup,
        });
        const key = seatKey(section.id, r.lockedSeat.x, r.lockedSeat.y);
        const name = section.names.get(key);
        held.push({
          key,
          sectionId: section.id,
          x: r.lockedSeat.x,
          y: r.lockedSeat.y,
          ticketGroup: section.ticketGroup,
          section: section.name,
          row: name?.row ?? '',
          seat: name?.seat ?? '',
          expiresAt: Date.parse(r.expiresAt),
          ticketId: null,
        });
      }
      props.onHeld(held);
    } catch (err) {
      await Promise.allSettled(held.map((s) => api.unlockSeat(lockSeatOf(p, s))));
      setMessage(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const releaseAll = async () => {
    setBusy(true);
    await Promise.allSettled(seats.map((s) => api.unlockSeat(lockSeatOf(p, s))));
    props.onReleased(seats.map((s) => s.key));
    setBusy(false);
  };

  if (plan.status === 'loading') return <Skeleton height={160} />;
  if (plan.status === 'error') return <Alert color="red">{t('errors.fetch_data_error')}</Alert>;
  return (
    <Stack gap="sm" data-testid="ga-step">
      <Text>{t('order.gaIntro')}</Text>
      {plan.data.map((section) => (
        <Card key={section.id} withBorder padding="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Text fw={700}>{section.name}</Text>
              <Text size="sm" c="dimmed">
                {props.priceOf(section.ticketGroup) ?? ''}
              </Text>
            </Stack>
            <Group gap="sm" align="flex-end">
              <NumberInput
                {...stepperProps({
                  value: quantity[section.id] ?? 1,
                  min: 1,
                  max: settings.maxSeatsPerTransaction,
                  onChange: (n) => setQuantity((q) => ({ ...q, [section.id]: n })),
                  name: `${t('order.quantity')} · ${section.name}`,
                })}
                label={t('order.quantity')}
                w={140}
              />
              <Button onClick={() => void hold(section)} loading={busy} data-testid="ga-hold">
                {t('order.holdPlaces')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      {message ? (
        <Alert color="orange" role="alert" data-testid="seat-message">
          {message}
        </Alert>
      ) : null}
      {seats.length ? (
        <Group justify="space-between">
          <Text data-testid="ga-held">{t('order.placesHeld', { count: seats.length })}</Text>
          <Button variant="subtle" color="red" onClick={() => void releaseAll()} disabled={busy}>
            {t('order.releasePlaces')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
