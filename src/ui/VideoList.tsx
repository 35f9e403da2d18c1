import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VideoPurchase } from '../api/contract/customer.ts';
import { formatDate, formatDateTime, pickText } from '../i18n/format.ts';
import { withQuery } from '../routing/paths.ts';
import { useLocale } from './useLocale.ts';
import { VideoStatusBadge, videoWindowText } from './VideoStatus.tsx';

/**
 * Videos bought (the personal area's list and /vod): each with its status, window, plays left, last
 * playback and a watch button to its viewing page.
 */
export function VideoList({ videos }: { videos: readonly VideoPurchase[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="sm" data-testid="videos">
      {videos.map((v) => {
        const watchable = v.status !== 'expired' && v.playsRemaining > 0;
        return (
          <Card
            key={`${v.reservationIdentifier}-${v.presentationId}`}
            withBorder
            data-testid="video"
            data-reservation={v.reservationIdentifier}
          >
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{pickText(v.title, locale)}</Text>
                  <VideoStatusBadge status={v.status} />
                </Group>
                <Text size="sm" c="dimmed">
                  {videoWindowText(t, locale, v)}
                </Text>
                <Text size="sm" data-testid="video-plays">
                  {t('vod.playsLeftOf', { remaining: v.playsRemaining, allowed: v.playsAllowed })}
                  {v.lastPlayedAt
                    ? ` · ${t('vod.lastPlaybackOn', { date: formatDateTime(v.lastPlayedAt, locale) })}`
                    : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('account.purchasedOn', { date: formatDate(v.purchasedAt, locale) })}
                </Text>
              </Stack>
              {watchable ? (
                <Button
                  component={Link}
                  mih={44}
                  to={withQuery(v.watchPath, { language: locale })}
                  data-testid="video-watch"
                >
                  {t('vod.watch')}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {v.status === 'expired' ? t('errors.vod_expired') : t('errors.vod_no_plays_left')}
                </Text>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
