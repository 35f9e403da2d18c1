import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EnrolmentPresentation } from '../../api/contract/enrolment.ts';
import { seatKey } from '../../domain/seatKey.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import type { SeatDescription } from '../../seatmap/index.ts';
import { errorText } from '../../ui/errorText.ts';
import { SeatPickerMap } from '../../ui/SeatPickerMap.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { enrollApi } from './api.ts';
import { StepNav } from './StepNav.tsx';
import type { EnrolmentStore } from './store.ts';

const seatOf = (d: SeatDescription) => {
  const [sectionId, x, y] = d.key.split('_').map(Number) as [number, number, number];
  return { sectionId, x, y, ticketGroupId: d.ticketGroup };
};

/**
 * Step 4: every concert with its seat. The fixed seat is held in all of them at once (all or nothing);
 * where it is taken, the nearest free seat of the same price level is proposed, to confirm or to
 * replace by another seat picked on that concert's map. A membership without a fixed seat picks its
 * seat here, on the map of every concert chosen.
 */
export function SeatsStep({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const e = useSnapshot(store.e);
  const m = store.m;
  const [picking, setPicking] = useState<number | null>(null);
  const ids = store.presentations();
  const quote = store.quote();
  const chosen = m.Presentations.filter((p) => ids.includes(p.PresentationId));
  const tg = e.tariff?.ticketGroupId ?? null;
  const priceOf = (group: number) => (group === tg ? null : t('enrolment.otherLevel'));
  const noSeatYet = !e.seat && e.selections.length === 0;
  return (
    <Stack gap="sm" data-testid="enrolment-seats-step">
      {e.error ? (
        <Alert color="orange" role="alert" data-testid="seat-message">
          {errorText(t, e.error)}
        </Alert>
      ) : null}
      {e.seat && e.selections.length === 0 && e.taken.length === ids.length && ids.length > 0 ? (
        <Alert color="orange" role="alert" data-testid="seat-gone">
          {t('errors.lock_seat_error')}
          <Button size="compact-sm" variant="light" ms="sm" onClick={store.toFirst}>
            {t('enrolment.steps.choose')}
          </Button>
        </Alert>
      ) : null}
      {noSeatYet ? (
        <>
          <Text size="sm">{t('enrolment.pickSeatForAll')}</Text>
          <SeatPickerMap
            planUrl={enrollApi.planUrl(m)}
            statusUrl={enrollApi.statusUrl(m, ids)}
            selectedKey={null}
            statusVersion={e.statusVersion}
            priceOf={priceOf}
            onPick={(d) => {
              if (tg !== null && d.ticketGroup !== tg) return;
              void store.holdAll(seatOf(d));
            }}
          />
        </>
      ) : null}
      {chosen.map((p) => (
        <ConcertSeat
          key={p.PresentationId}
          store={store}
          p={p}
          onPickOther={() => setPicking(p.PresentationId)}
        >
          {quote ? (
            <Text size="sm" c="dimmed">
              {formatPrice(
                quote.perPresentation.find((q) => q.presentationId === p.PresentationId)?.price ?? 0,
                locale,
              )}
            </Text>
          ) : null}
        </ConcertSeat>
      ))}
      {picking !== null ? (
        <Card withBorder padding="sm" data-testid="pick-other">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              {t('enrolment.pickFor', {
                title: pickText(m.Presentations.find((p) => p.PresentationId === picking)!.title, locale),
              })}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setPicking(null)}>
              {t('enrolment.close')}
            </Button>
          </Group>
          <SeatPickerMap
            planUrl={enrollApi.planUrl(m)}
            statusUrl={enrollApi.statusUrl(m, [picking])}
            statusVersion={e.statusVersion}
            selectedKey={(() => {
              const s = e.selections.find((x) => x.presentationId === picking);
              return s ? seatKey(s.sectionId, s.x, s.y) : null;
            })()}
            priceOf={priceOf}
            height="min(50vh, 420px)"
            onPick={(d) => {
              if (tg !== null && d.ticketGroup !== tg) return;
              void store.holdOne(picking, seatOf(d)).then((ok) => ok && setPicking(null));
            }}
          />
        </Card>
      ) : null}
      <StepNav
        onBack={() => store.back('seats')}
        onNext={() => store.forward('seats')}
        nextDisabled={!store.complete() || e.busy}
        loading={e.busy}
      />
    </Stack>
  );
}

function ConcertSeat(props: {
  store: EnrolmentStore;
  p: EnrolmentPresentation;
  onPickOther: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const e = useSnapshot(props.store.e);
  const { p } = props;
  const held = e.selections.find((s) => s.presentationId === p.PresentationId);
  const taken = e.taken.find((x) => x.presentationId === p.PresentationId);
  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`concert-seat-${p.PresentationId}`}
      data-held={held ? 'yes' : 'no'}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" fw={600}>
            {pickText(p.title, locale)}
          </Text>
          <Text size="xs" c="dimmed">
            {when.dateTime(p.startsAt)}
          </Text>
        </div>
        {props.children}
      </Group>
      {held ? (
        <Group gap="xs" mt={6}>
          <Text size="sm">{t('enrolment.seatName', held.names)}</Text>
          {props.store.isFixed(held) ? (
            <Badge color="teal" variant="light">
              {t('enrolment.fixedSeat')}
            </Badge>
          ) : (
            <Badge color="blue" variant="light">
              {t('enrolment.otherSeat')}
            </Badge>
          )}
          <Button variant="subtle" size="compact-xs" onClick={props.onPickOther}>
            {t('enrolment.pickAnother')}
          </Button>
        </Group>
      ) : taken ? (
        <Stack gap={6} mt={6}>
          <Text size="sm" c="orange.8" data-testid="seat-taken">
            {t('enrolment.seatTakenHere')}
          </Text>
          {taken.proposal ? (
            <Group gap="xs">
              <Text size="sm">{t('enrolment.proposed', taken.proposal.names)}</Text>
              <Button
                size="compact-sm"
                onClick={() => void props.store.holdOne(p.PresentationId, taken.proposal!)}
                disabled={e.busy}
                data-testid={`confirm-proposal-${p.PresentationId}`}
              >
                {t('enrolment.confirmProposal')}
              </Button>
            </Group>
          ) : (
            <Text size="sm">{t('enrolment.noProposal')}</Text>
          )}
          <Button variant="subtle" size="compact-xs" onClick={props.onPickOther}>
            {t('enrolment.pickAnother')}
          </Button>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt={6}>
          {e.busy ? t('enrolment.holding') : t('enrolment.noSeatHere')}
        </Text>
      )}
    </Card>
  );
}
