import { Alert, Button, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EnrolmentStore } from './store.ts';

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * How long the enrolment's seats stay held (the earliest hold's expiry), moving once a second. Run out
 * (and no payment under way): the seats may be gone, and the customer holds them again.
 */
export function HoldTimer({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const e = useSnapshot(store.e);
  const c = useSnapshot(store.checkout.state);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  if (e.expiresAt === null || e.selections.length === 0) return null;
  const left = e.expiresAt - now;
  if (left > 0 || c.paying)
    return (
      <Text size="sm" c="dimmed" data-testid="hold-timer" aria-live="off">
        {t('enrolment.heldFor', { time: clock(left) })}
      </Text>
    );
  return (
    <Alert color="orange" role="alert" data-testid="time-up">
      {t('enrolment.timeUp')}
      <Button size="compact-sm" ms="sm" onClick={() => void store.toSeats()} loading={e.busy}>
        {t('enrolment.holdAgain')}
      </Button>
    </Alert>
  );
}
