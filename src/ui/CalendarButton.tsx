import { ActionIcon, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../api/client.ts';

/**
 * "Add to calendar": a link to an .ics file of the box office (GET …/calendar.ics), which the browser
 * downloads and the calendar app opens. `path` is an API path (src/api/contract/calendar.ts). `icon`: a
 * 44-pixel icon button for a phone's one-line heading, named by the same words for screen readers; the
 * box office's first screen draws the same icon (server/http/seo/prepaint.ts).
 */
export function CalendarButton({
  path,
  language,
  testId,
  icon = false,
}: {
  path: string;
  language: string;
  testId: string;
  icon?: boolean;
}) {
  const { t } = useTranslation();
  const href = apiUrl(path, { language });
  if (icon)
    return (
      <ActionIcon
        component="a"
        href={href}
        download
        variant="subtle"
        size={44}
        aria-label={t('calendar.add')}
        title={t('calendar.add')}
        data-testid={testId}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <rect x="4" y="5" width="16" height="16" rx="2" />
          <path d="M16 3v4M8 3v4M4 11h16M12 14v4M10 16h4" />
        </svg>
      </ActionIcon>
    );
  return (
    <Button component="a" href={href} download variant="light" size="compact-sm" data-testid={testId}>
      {t('calendar.add')}
    </Button>
  );
}
