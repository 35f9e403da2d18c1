import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../api/contract/common.ts';
import type { VideoStatus } from '../api/contract/vod.ts';
import { formatDateTime } from '../i18n/format.ts';

const color = { current: 'teal', future: 'blue', expired: 'gray' } as const;

/** A video purchase's status (spec section 4: expired, current, future). */
export function VideoStatusBadge({ status }: { status: VideoStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={color[status]} variant="light" data-testid="video-status" data-status={status}>
      {t(`account.videoStatus.${status}`)}
    </Badge>
  );
}

/** Its window in words: available from … (future), available until … (current), expired on …. */
export function videoWindowText(
  t: TFunction,
  locale: Locale,
  v: { status: VideoStatus; availableFrom: string; availableUntil: string },
): string {
  if (v.status === 'future') return t('vod.availableFrom', { date: formatDateTime(v.availableFrom, locale) });
  if (v.status === 'current')
    return t('vod.availableUntil', { date: formatDateTime(v.availableUntil, locale) });
  return t('vod.expiredOn', { date: formatDateTime(v.availableUntil, locale) });
}
