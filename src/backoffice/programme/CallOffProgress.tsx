import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useLoaded } from '../venues/shared.tsx';
import { programmeApi } from './api.ts';

/** How often staff see a call-off move on while it runs. */
const POLL_MS = 2000;

/**
 * A called-off show's refunds as they go: orders cancelled and refunded so far, those left (payments
 * under way included), what went back to the customers and what the counter owes in cash. Read again
 * every few seconds until the job is done.
 */
export function CallOffProgress({ presentationId }: { presentationId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const progress = useLoaded(
    (signal) => programmeApi.callOffProgress(presentationId, signal),
    `call-off-${presentationId}`,
  );
  const p = progress.data;
  const finished = p?.finishedAt != null;
  const { reload } = progress;
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [finished, reload]);
  if (progress.error && !p) return <Alert color="red">{errorText(t, progress.error)}</Alert>;
  if (!p) return null;
  const all = p.ordersDone + p.ordersLeft;
  return (
    <Stack
      gap={4}
      data-testid="call-off-progress"
      data-finished={finished ? 'true' : 'false'}
      aria-live="polite"
    >
      <Progress
        value={all === 0 ? 100 : (100 * p.ordersDone) / all}
        color={finished ? 'teal' : 'violet'}
        aria-label={t('backoffice.programme.callOffProgress')}
      />
      <Text size="sm">
        {finished
          ? t('backoffice.programme.callOffDone', { count: p.ordersDone })
          : t('backoffice.programme.callOffRunning', { done: p.ordersDone, left: p.ordersLeft })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('backoffice.programme.refundedSoFar', { amount: formatPrice(p.refunded, locale) })}
        {p.owedAtCounter > 0
          ? ` · ${t('backoffice.programme.owedAtCounter', { amount: formatPrice(p.owedAtCounter, locale) })}`
          : ''}
      </Text>
    </Stack>
  );
}
