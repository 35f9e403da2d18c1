import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VodViewing } from '../../api/contract/vod.ts';
import { formatDateTime, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { VideoStatusBadge, videoWindowText } from '../../ui/VideoStatus.tsx';

/** The purchase: title, status and window, plays allowed, used and left, and the last playback. */
export function ViewingDetails({ viewing }: { viewing: VodViewing }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const facts = [
    { label: t('vod.playsAllowed'), value: String(viewing.playsAllowed), id: 'allowed' },
    { label: t('vod.playsUsed'), value: String(viewing.playsUsed), id: 'used' },
    { label: t('vod.playsRemaining'), value: String(viewing.playsRemaining), id: 'remaining' },
    {
      label: t('vod.lastPlayback'),
      value: viewing.lastPlayedAt ? formatDateTime(viewing.lastPlayedAt, locale) : t('vod.neverPlayed'),
      id: 'last',
    },
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h2" data-testid="vod-title">
          {pickText(viewing.title, locale)}
        </Title>
        <VideoStatusBadge status={viewing.status} />
      </Group>
      <Text c="dimmed" data-testid="vod-window">
        {videoWindowText(t, locale, viewing)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {facts.map((f) => (
          <Stack key={f.id} gap={0}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text fw={600} data-testid={`vod-plays-${f.id}`}>
              {f.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Badge variant="outline" color="gray" style={{ alignSelf: 'flex-start' }}>
        {t('vod.purchasedOn', { date: formatDateTime(viewing.purchasedAt, locale) })}
      </Badge>
    </Stack>
  );
}
