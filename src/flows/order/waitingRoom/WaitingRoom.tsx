import { Alert, Button, Loader, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueStatus } from '../../../api/contract/waitingRoom.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';

type Waiting = Extract<QueueStatus, { state: 'waiting' }>;

/** The wait in words: under a minute, minutes, or hours (never more precise than the rate allows). */
function waitText(t: ReturnType<typeof useTranslation>['t'], seconds: number | null): string {
  if (seconds === null) return t('order.queue.noEstimate');
  if (seconds < 60) return t('order.queue.underMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return t('order.queue.aboutMinutes', { count: minutes });
  return t('order.queue.aboutHours', { count: Math.round(minutes / 60) });
}

/** Seconds until `iso`, counted down once a second (for the opening). */
function useCountdown(iso: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** The last hour before the opening, counted down (the page's one timer, `useCountdown`). */
function Countdown({ left }: { left: number }) {
  const { t } = useTranslation();
  if (left === 0 || left > 3600) return null;
  const mm = Math.floor(left / 60);
  const ss = String(left % 60).padStart(2, '0');
  return (
    <Text fz="xl" fw={700} data-testid="queue-countdown" aria-hidden="true">
      {t('order.queue.opensIn', { time: `${mm}:${ss}` })}
    </Text>
  );
}

/**
 * The waiting room (issue 40) in place of the seats: the visitor's place, how many are ahead and an honest
 * estimate from the measured admission rate, or, before the opening, that places are drawn at random
 * then. The figures are announced politely to screen readers as they change.
 */
export function WaitingRoom({ status, reconnecting }: { status: Waiting; reconnecting: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const beforeDraw = status.position === null;
  const untilOpening = useCountdown(status.opensAt);
  // The share of the line that was ahead of this place and is in now.
  const before = (status.position ?? 1) - 1;
  const done = before > 0 && status.ahead !== null ? Math.round(((before - status.ahead) / before) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="waiting-room">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('order.queue.title')}
        </Title>
        <Text>{t('order.queue.why')}</Text>
        {beforeDraw && untilOpening === 0 ? (
          <Text fw={600} data-testid="queue-numbering">
            {t('order.queue.numbering')}
          </Text>
        ) : beforeDraw ? (
          <>
            <Text fw={600} data-testid="queue-opens">
              {t('order.queue.opensAt', { date: formatDateTime(status.opensAt, locale) })}
            </Text>
            <Countdown left={untilOpening} />
            <Text data-testid="queue-draw">{t('order.queue.draw')}</Text>
          </>
        ) : (
          <>
            <Text fz={40} fw={800} lh={1.1} data-testid="queue-position">
              {t('order.queue.place', { position: status.position })}
            </Text>
            <Progress value={done} aria-label={t('order.queue.progress')} size="lg" radius="xl" />
            <Text data-testid="queue-ahead">{t('order.queue.ahead', { count: status.ahead ?? 0 })}</Text>
            <Text fw={600} data-testid="queue-estimate">
              {waitText(t, status.estimateSeconds)}
            </Text>
            {status.admittedPerMinute > 0 ? (
              <Text c="dimmed" fz="sm" data-testid="queue-rate">
                {t('order.queue.rate', { count: status.admittedPerMinute })}
              </Text>
            ) : null}
          </>
        )}
        <Text c="dimmed" fz="sm">
          {t('order.queue.keepPlace')}
        </Text>
        {reconnecting ? (
          <Text c="orange" fz="sm" role="status">
            <Loader size="xs" me="xs" />
            {t('order.queue.reconnecting')}
          </Text>
        ) : null}
        <VisuallyHidden aria-live="polite" data-testid="queue-announce">
          {beforeDraw
            ? t('order.queue.draw')
            : `${t('order.queue.place', { position: status.position })}. ${t('order.queue.ahead', { count: status.ahead ?? 0 })}`}
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/** The pass ran out before the visitor bought: join again, at the back. */
export function QueueExpired({ onJoin }: { onJoin(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('order.queue.expiredTitle')} data-testid="queue-expired">
      <Stack gap="sm" align="flex-start">
        <Text>{t('order.queue.expired')}</Text>
        <Button onClick={onJoin} size="md" data-testid="queue-join-again">
          {t('order.queue.joinAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Over the seats once the visitor is let in: until when the pass lets them choose. */
export function AdmittedNotice({ passExpiresAt }: { passExpiresAt: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Alert color="green" title={t('order.queue.admittedTitle')} data-testid="queue-admitted" role="status">
      {t('order.queue.admitted', { date: formatDateTime(passExpiresAt, locale) })}
    </Alert>
  );
}
