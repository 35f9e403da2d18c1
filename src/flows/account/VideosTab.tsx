import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { formatDate, formatDateTime, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { LoadState } from './LoadState.tsx';
import { useLoad } from './useLoad.ts';

const loadVideos = () => api.myVideos();
const color = { current: 'teal', future: 'blue', expired: 'gray' } as const;

/** Videos bought: title, purchase date, viewing window and status (playback is the video flow's). */
export function VideosTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload } = useLoad(loadVideos);
  if (result.state !== 'ready') return <LoadState result={result} retry={reload} />;
  const { videos } = result.data;
  if (videos.length === 0) return <Text c="dimmed">{t('account.noVideos')}</Text>;
  return (
    <Stack gap="sm" data-testid="videos">
      {videos.map((v) => (
        <Card key={`${v.reservationIdentifier}-${v.presentationId}`} withBorder data-testid="video">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{pickText(v.title, locale)}</Text>
              <Text size="sm" c="dimmed">
                {t('account.videoWindow', {
                  from: formatDateTime(v.availableFrom, locale),
                  to: formatDateTime(v.availableUntil, locale),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('account.purchasedOn', { date: formatDate(v.purchasedAt, locale) })}
              </Text>
            </div>
            <Badge color={color[v.status]} variant="light">
              {t(`account.videoStatus.${v.status}`)}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
