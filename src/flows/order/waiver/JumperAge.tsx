import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { proxy, useSnapshot } from 'valtio';
import { suitsAge } from '../../../domain/waiver.ts';
import type { OrderSnapshot, OrderStore } from '../store.ts';
import { jumperAge, jumperBorn } from './byAge.ts';
import { boundsOf } from './draft.ts';

/**
 * A place's jumper, asked first on the ticket step of a session with a waiver (issue 35): the date of
 * birth chooses the ticket that suits the age and fills the waiver's date. A date no ticket suits is
 * said at once, not two steps later at the waiver.
 */
export function JumperAge({
  store,
  index,
  ticketId,
}: {
  store: OrderStore;
  index: number;
  ticketId: number | null;
}) {
  const { t } = useTranslation();
  const d = useSnapshot(store.waiver!);
  const dateOfBirth = d.jumpers[index]?.dateOfBirth ?? '';
  const age = jumperAge(store, dateOfBirth);
  const bounds = ticketId === null ? undefined : boundsOf(store.state.groups).get(ticketId);
  const fits = age === null || !bounds || suitsAge(bounds, age);
  return (
    <TextInput
      type="date"
      label={t('waiver.jumperDob', { n: index + 1 })}
      max={store.presentation.businessDate}
      value={dateOfBirth}
      onChange={(e) => jumperBorn(store, index, e.currentTarget.value)}
      description={age !== null && fits ? t('waiver.ageOnDay', { age }) : undefined}
      error={fits ? undefined : t('waiver.noTicketForAge', { age })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      mb={6}
      wrapperProps={{ 'data-testid': 'jumper-dob' }}
    />
  );
}

const NO_WAIVER = proxy({ jumpers: [] as { dateOfBirth: string }[] });

/** Whether some jumper's date of birth suits none of the tickets on offer (the ticket step waits). */
export function useJumperMisfit(store: OrderStore, s: OrderSnapshot): boolean {
  const d = useSnapshot(store.waiver ?? NO_WAIVER);
  if (!store.waiver) return false;
  const bounds = boundsOf(s.groups as never);
  return s.seats.some((seat, i) => {
    const age = jumperAge(store, d.jumpers[i]?.dateOfBirth ?? '');
    const b = seat.ticketId === null ? undefined : bounds.get(seat.ticketId);
    return age !== null && b !== undefined && !suitsAge(b, age);
  });
}
