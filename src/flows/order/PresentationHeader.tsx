import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { formatDateTime, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** What, where and when: the heading of every step of the order flow. */
export function PresentationHeader({ presentation: p }: { presentation: PresentationSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={4} data-testid="presentation-header">
      <Group gap="xs">
        <Badge variant="light">{t(`category.${p.category}`)}</Badge>
      </Group>
      <Title order={1}>{pickText(p.title, locale)}</Title>
      <Text c="dimmed">{`${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`}</Text>
      <Text fw={600}>{formatDateTime(p.dateTime, locale)}</Text>
    </Stack>
  );
}
