import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { presentationCalendarPath } from '../../api/contract/calendarPaths.ts';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { presentationDescription } from '../../domain/pageText.ts';
import { addressLine } from '../../domain/venueAddress.ts';
import { formatDateTime, pickText } from '../../i18n/format.ts';
import { CalendarButton } from '../../ui/CalendarButton.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { usePageMeta } from '../../ui/usePageMeta.ts';

/**
 * Venue · hall, and the venue's street address beside them in small dimmed type. The address stays on
 * that one line (cut short with an ellipsis where the line is too narrow, the whole of it in its title),
 * so the heading is as tall as without it and nothing under it moves: the calendar button, the steps, the
 * seat map. The box office's first screen draws the same line (server/http/seo/prepaint.ts).
 */
function VenueLine({ presentation: p }: { presentation: PresentationSummary }) {
  const locale = useLocale();
  const place = `${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`;
  const address = p.isVod ? null : addressLine(p.venueAddress, locale);
  if (!address) return <Text c="dimmed">{place}</Text>;
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text c="dimmed" style={{ flexShrink: 0, maxWidth: '100%' }}>
        {place}
      </Text>
      <Text
        size="xs"
        c="dimmed"
        truncate="end"
        miw={0}
        title={address}
        data-testid="presentation-venue-address"
      >
        {address}
      </Text>
    </Group>
  );
}

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
      <VenueLine presentation={p} />
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
