import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, intlTag } from '../../../domain/format.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { ConflictList } from './ConflictList.tsx';
import { acknowledgeConflicts, type DoorStatus } from './useDoorEngine.ts';

/** "12 minutes ago" in the page's language (the browser's own words for it). */
function ageOf(iso: string, now: number, tag: string): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  const format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  return minutes < 60 ? format.format(-minutes, 'minute') : format.format(-Math.round(minutes / 60), 'hour');
}

/** The time now, again every 30 seconds while `ticking` (the download's age goes on). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}

/**
 * The bar at the top of the door page: offline, a strong amber bar that says the phone decides by
 * itself, from tickets downloaded when, and how many scans wait; back online, the upload; online, a
 * quiet line with the download's time. Conflicts the box office reported stay in red above all.
 */
export function OfflineBanner({ status }: { status: DoorStatus }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow(!status.online);
  const { online, downloadedAt, queued, uploading, conflicts } = status;
  const waiting = queued > 0 ? ` · ${t('door.offline.waiting', { count: queued })}` : '';

  let bar = null;
  if (!online)
    bar = (
      <Box
        bg="yellow.5"
        c="dark.9"
        px="sm"
        py={8}
        role="status"
        data-testid="door-offline-banner"
        data-state="offline"
      >
        <Text fw={700} fz="md" lh={1.3}>
          {downloadedAt
            ? t('door.offline.offline', {
                time: formatTime(downloadedAt, locale),
                age: ageOf(downloadedAt, now, intlTag(locale)),
              })
            : t('door.offline.noDownload')}
          {waiting}
        </Text>
      </Box>
    );
  else if (uploading || queued > 0)
    bar = (
      <Box
        bg="blue.1"
        c="blue.9"
        px="sm"
        py={6}
        role="status"
        data-testid="door-offline-banner"
        data-state="uploading"
      >
        <Text fw={600} fz="sm">
          {t('door.offline.uploading', { count: queued })}
        </Text>
      </Box>
    );
  else if (downloadedAt)
    bar = (
      <Box px="sm" py={2} data-testid="door-offline-banner" data-state="online">
        <Text fz="xs" c="dimmed" ta="center">
          {t('door.offline.downloaded', { time: formatTime(downloadedAt, locale) })}
        </Text>
      </Box>
    );

  if (!bar && conflicts.length === 0) return null;
  return (
    <Box pos="sticky" top={0} style={{ zIndex: 5 }}>
      {conflicts.length > 0 ? (
        <ConflictList conflicts={conflicts} onSeen={() => void acknowledgeConflicts()} />
      ) : null}
      {bar}
    </Box>
  );
}
