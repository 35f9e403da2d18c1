import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presentationCalendarPath } from '../../api/contract/calendarPaths.ts';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { presentationDescription } from '../../domain/pageText.ts';
import { addressLine } from '../../domain/venueAddress.ts';
import { formatShortDateTime, pickText } from '../../i18n/format.ts';
import { CalendarButton } from '../../ui/CalendarButton.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { usePageMeta } from '../../ui/usePageMeta.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { useTranslate } from '../../ui/useTranslate.ts';
import { nightShortDateTime } from '../../domain/showTime.ts';

/**
 * Venue · hall, and the venue's street address beside them in small dimmed type. The address stays on
 * that one line (cut short with an ellipsis where the line is too narrow, the whole of it in its title),
 * so the heading is as tall as without it and nothing under it moves: the calendar button, the steps, the
 * seat map. The box office's first screen draws the same line (server/http/seo/prepaint.ts).
 */
function VenueLine({ presentation: p, phone }: { presentation: PresentationSummary; phone?: boolean }) {
  const locale = useLocale();
  const when = useShowTime();
  const translate = useTranslate();
  const venue = `${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`;
  // A phone's line starts with the short date (the year left out), its long form in its title.
  const place = phone ? (
    <>
      <time dateTime={p.dateTime} title={when.dateTime(p.dateTime)}>
        {nightShortDateTime(p.dateTime, locale, translate) ?? formatShortDateTime(p.dateTime, locale)}
      </time>
      {` · ${venue}`}
    </>
  ) : (
    venue
  );
  const size = phone ? 'sm' : undefined;
  const address = p.isVod ? null : addressLine(p.venueAddress, locale);
  if (!address)
    return (
      <Text c="dimmed" size={size} truncate={phone ? 'end' : undefined}>
        {place}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text
        c="dimmed"
        size={size}
        truncate={phone ? 'end' : undefined}
        style={{ flexShrink: 0, maxWidth: '100%' }}
      >
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

/**
 * A phone's heading in two lines, so the seat map starts in the first screen's upper half (issue 35): the
 * title on one line, cut short (its whole in its title, and a tap shows it whole), with the calendar's icon
 * button; then one dimmed line of date · venue · hall and the address. No category badge.
 */
function PhoneHeading({ presentation: p }: { presentation: PresentationSummary }) {
  const locale = useLocale();
  const [whole, setWhole] = useState(false);
  const title = pickText(p.title, locale);
  return (
    <Stack gap={0} data-testid="presentation-header">
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Title
          order={1}
          fz={22}
          lh={1.3}
          miw={0}
          title={title}
          onClick={() => setWhole((w) => !w)}
          style={whole ? undefined : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {title}
        </Title>
        {p.isVod ? null : (
          <CalendarButton
            path={presentationCalendarPath(p.id)}
            language={locale}
            testId="presentation-calendar"
            icon
          />
        )}
      </Group>
      <VenueLine presentation={p} phone />
    </Stack>
  );
}

/** What, where and when: the heading of every step of the order flow, and the page's title. */
export function PresentationHeader({ presentation: p }: { presentation: PresentationSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  const when = useShowTime().dateTime(p.dateTime);
  usePageMeta({ title: pickText(p.title, locale), description: presentationDescription(p, locale, when) });
  if (phone) return <PhoneHeading presentation={p} />;
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
