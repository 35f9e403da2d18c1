import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { presentationCalendarPath } from '../../api/contract/calendarPaths.ts';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { presentationDescription } from '../../domain/pageText.ts';
import { formatDateTime, pickText } from '../../i18n/format.ts';
import { CalendarButton } from '../../ui/CalendarButton.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { usePageMeta } from '../../ui/usePageMeta.ts';

/** What, where and when: the heading of every step of the order flow, and the page's title. */
export function PresentationHeader({ presentation: p }: { presentation: PresentationSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = formatDateTime(p.dateTime, locale);
  usePageMeta({ title: pickText(p.title, locale), description: presentationDescription(p, locale, when) });
  return (
    <Stack gap={4} data-testid="presentation-header">
      <Group gap="xs">
        <Badge variant="light">{t(`category.${p.category}`)}</Badge>
      </Group>
      <Title order={1}>{pickText(p.title, locale)}</Title>
      <Text c="dimmed">{`${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`}</Text>
      <Group gap="sm">
        <Text fw={600}>{when}</Text>
        {p.isVod ? null : (
          <CalendarButton
            path={presentationCalendarPath(p.id)}
            language={locale}
            testId="presentation-calendar"
          />
        )}
      </Group>
    </Stack>
  );
}
