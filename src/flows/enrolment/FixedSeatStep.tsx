import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type Answer, apiCall } from '../../api/client.ts';
import type { SeatsStatusAnswerSchema } from '../../api/contract/seats.ts';
import { seatKey } from '../../domain/seatKey.ts';
import { formatPrice } from '../../i18n/format.ts';
import { SeatPickerMap } from '../../ui/SeatPickerMap.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { enrollApi } from './api.ts';
import { StepNav } from './StepNav.tsx';
import type { EnrolmentStore } from './store.ts';

const PREVIOUS_TEXT = {
  free: 'enrolment.previousSeatKept',
  partly: 'enrolment.previousSeatPartly',
  taken: 'enrolment.previousSeatTaken',
} as const;

/**
 * Step 1: the subscriber's fixed seat on the season's plan, free in every required concert. A returning
 * subscriber is offered last season's seat first. Nothing is held yet: the seat is held in every
 * concert once the concerts are chosen.
 */
export function FixedSeatStep({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const e = useSnapshot(store.e);
  const m = store.m;
  const required = m.Presentations.filter((p) => p.IsRequired).map((p) => p.PresentationId);
  const statusUrl = enrollApi.statusUrl(m, required);
  const [previousFree, setPreviousFree] = useState<'free' | 'partly' | 'taken' | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const prev = m.previousSeat;

  // Last season's seat is chosen to begin with when it is free in every required concert, or in some
  // of them (the seats step then proposes the nearest free seat where it is taken).
  useEffect(() => {
    if (!prev) return;
    const key = seatKey(prev.sectionId, prev.x, prev.y);
    const freeAt = (ids: number[]) =>
      apiCall<Answer<typeof SeatsStatusAnswerSchema>>(`/enroll/${m.MembershipId}/seats-status`, {
        query: { presentations: ids.join(',') },
      }).then((status) => key in status.seats);
    void (async () => {
      if (await freeAt(required)) return 'free' as const;
      const each = await Promise.all(required.map((pi) => freeAt([pi])));
      return each.some(Boolean) ? ('partly' as const) : ('taken' as const);
    })().then(
      (found) => {
        setPreviousFree(found);
        if (found !== 'taken' && !store.e.seat) store.pickSeat(prev);
      },
      () => setPreviousFree('taken'),
    );
    // Once, for the membership shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const priceOf = (tg: number) => {
    const g = m.TicketGroups.find((x) => x.TicketGroupId === tg);
    const cheapest = g ? Math.min(...g.Tickets.map((x) => x.Price)) : null;
    return cheapest === null ? null : t('enrolment.perConcertFrom', { price: formatPrice(cheapest, locale) });
  };
  const selectedKey = e.seat ? seatKey(e.seat.sectionId, e.seat.x, e.seat.y) : null;
  const isPrevious = prev && e.seat && seatKey(prev.sectionId, prev.x, prev.y) === selectedKey;
  return (
    <Stack gap="sm" data-testid="enrolment-seat-step">
      {prev && previousFree !== null ? (
        <Alert color={previousFree === 'taken' ? 'orange' : 'teal'} data-testid="previous-seat">
          {t(PREVIOUS_TEXT[previousFree], prev.names)}
          {previousFree !== 'taken' && !isPrevious ? (
            <Button size="compact-sm" variant="light" ms="sm" onClick={() => store.pickSeat(prev)}>
              {t('enrolment.takePreviousSeat')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('enrolment.seatHint')}
      </Text>
      <SeatPickerMap
        planUrl={enrollApi.planUrl(m)}
        statusUrl={statusUrl}
        selectedKey={selectedKey}
        priceOf={priceOf}
        onPick={(seat) => {
          const [sectionId, x, y] = seat.key.split('_').map(Number) as [number, number, number];
          setLabel(t('enrolment.seatName', { section: seat.section, row: seat.row, seat: seat.seat }));
          store.pickSeat({ sectionId, x, y, ticketGroupId: seat.ticketGroup });
        }}
      />
      <Text fw={600} data-testid="chosen-seat" aria-live="polite">
        {e.seat
          ? isPrevious
            ? t('enrolment.seatName', prev.names)
            : (label ?? t('enrolment.seatChosen'))
          : t('enrolment.noSeatYet')}
      </Text>
      <StepNav onNext={() => store.forward('choose')} nextDisabled={!e.seat} />
    </Stack>
  );
}
