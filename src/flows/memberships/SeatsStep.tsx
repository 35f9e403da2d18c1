import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { pickText } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { SeatPickerMap } from '../../ui/SeatPickerMap.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { membershipApi } from './api.ts';
import type { MembershipStore } from './store.ts';

/**
 * Step 2 for memberships that carry seats: one seat, held in every presentation of the membership. A
 * series (several such memberships chosen) goes through them with next and previous.
 */
export function SeatsStep({ store }: { store: MembershipStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const x = useSnapshot(store.extra);
  useSnapshot(purchase);
  const list = store.seated();
  const line = list[x.seatIndex];
  const m = line ? store.membershipOf(line.membershipId) : undefined;
  if (!line || !m) return null;
  const key = line.seat ? `${line.seat.si}_${line.seat.x}_${line.seat.y}` : null;
  return (
    <Stack gap="md" data-testid="membership-seats" data-index={x.seatIndex}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="h4">
          {pickText(m.Name, locale)}
        </Title>
        {list.length > 1 ? (
          <Badge variant="light" data-testid="series-position">
            {t('memberships.seriesOf', { n: x.seatIndex + 1, total: list.length })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm">{t('memberships.seatIntro', { n: m.presentations.length })}</Text>
      <Stack gap={2}>
        {m.presentations.map((p) => (
          <Text key={p.id} size="sm" c="dimmed">
            {`${pickText(p.title, locale)} · ${when.dateTime(p.dateTime)}`}
          </Text>
        ))}
      </Stack>
      <SeatPickerMap
        key={m.MembershipId}
        planUrl={membershipApi.planUrl(m)}
        statusUrl={membershipApi.statusUrl(m.MembershipId)}
        selectedKey={key}
        statusVersion={x.statusVersion}
        onPick={(seat) => {
          const [, sx, sy] = seat.key.split('_').map(Number) as [number, number, number];
          void store.pickSeat({
            sectionId: seat.sectionId,
            x: sx,
            y: sy,
            ticketGroup: seat.ticketGroup,
            label: t('memberships.seatLabel', { section: seat.section, row: seat.row, seat: seat.seat }),
          });
        }}
      />
      <Text fw={600} data-testid="chosen-seat">
        {line.seat ? line.seat.label : t('memberships.pickSeat')}
      </Text>
      {x.seatError ? (
        <Alert color="orange" role="alert" data-testid="seat-error">
          {t(x.seatError, { max: 2 })}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" onClick={store.seatsBack} data-testid="seats-back">
          {x.seatIndex > 0 ? t('memberships.previousMembership') : t('order.back')}
        </Button>
        <Button onClick={store.seatsNext} loading={x.locking} data-testid="next-step">
          {x.seatIndex < list.length - 1 ? t('memberships.nextMembership') : t('memberships.next')}
        </Button>
      </Group>
    </Stack>
  );
}
