import { Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presentation } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { parseSeatKey, seatKey } from '../../domain/seatKey.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import type { CounterSeat } from './sale.ts';
import { seatsHeld } from './saleStore.ts';
import { lockOf } from './seatCalls.ts';

interface Area {
  id: number;
  name: string;
  ticketGroup: number;
  places: Map<string, { row: string; seat: string }>;
}

/**
 * General admission at the counter (issue 36): a number of places per area, held by the box office's
 * own choice of place (the shop's lock call without a seat), all or none. Enter in a field holds them.
 */
export function GaPlaces({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [quantity, setQuantity] = useState<Record<number, number | string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan = useAsync(async () => {
    const sp = await api.seatplan(p.venueId, p.seatplanId);
    return sp.S.map((s): Area => {
      const places = new Map<string, { row: string; seat: string }>();
      let ticketGroup = 0;
      for (const g of s.G)
        for (const r of g.R)
          for (const seat of r.S) {
            ticketGroup ||= seat.tg;
            places.set(seatKey(s.id, seat.x, seat.y), { row: r.r, seat: seat.n });
          }
      return { id: s.id, name: s.names?.[locale]?.trim() || s.name, ticketGroup, places };
    });
  }, `${p.venueId}:${p.seatplanId}:${locale}`);

  // Places this visitor holds already (a reload) join the sale.
  useEffect(() => {
    if (plan.status !== 'done') return;
    void api
      .seatsStatus(p)
      .then((status) => seatsHeld(status.held.flatMap((key) => placeOf(plan.data, key))))
      .catch(() => undefined);
  }, [plan, p]);

  const hold = async (area: Area) => {
    const n = Math.max(1, Number(quantity[area.id] ?? 1) || 1);
    setBusy(true);
    setMessage(null);
    const held: CounterSeat[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const r = await api.lockSeat(lockOf(p, { sectionId: area.id, ticketGroup: area.ticketGroup }));
        held.push(...placeOf([area], seatKey(area.id, r.lockedSeat.x, r.lockedSeat.y)));
      }
      seatsHeld(held);
    } catch (err) {
      await Promise.allSettled(held.map((s) => api.unlockSeat(lockOf(p, s))));
      setMessage(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  if (plan.status === 'loading') return <Skeleton height={160} />;
  if (plan.status === 'error') return <Alert color="red">{errorText(t, plan.error)}</Alert>;
  return (
    <Stack gap="sm" data-testid="counter-ga">
      {plan.data.map((area) => (
        <Card key={area.id} withBorder padding="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Text fw={700}>{area.name}</Text>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <NumberInput
                label={t('backoffice.counter.places')}
                value={quantity[area.id] ?? 1}
                onChange={(v) => setQuantity((q) => ({ ...q, [area.id]: v }))}
                min={1}
                allowDecimal={false}
                w={110}
                styles={touchInput}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !busy) void hold(area);
                }}
                data-testid="counter-ga-count"
              />
              <Button
                mih={TOUCH_PX}
                loading={busy}
                onClick={() => void hold(area)}
                data-testid="counter-ga-hold"
              >
                {t('backoffice.counter.holdPlaces')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      {message ? (
        <Alert color="orange" role="alert" data-testid="counter-seat-message">
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A held place of the plan as the sale keeps it (none when the key is not of these areas). */
function placeOf(areas: readonly Area[], key: string): CounterSeat[] {
  const at = parseSeatKey(key);
  const area = at ? areas.find((a) => a.id === at.sectionId) : undefined;
  if (!at || !area) return [];
  const place = area.places.get(key);
  return [
    {
      key,
      sectionId: area.id,
      x: at.x,
      y: at.y,
      ticketGroup: area.ticketGroup,
      section: area.name,
      row: place?.row ?? '',
      seat: place?.seat ?? '',
      ticketId: null,
    },
  ];
}
