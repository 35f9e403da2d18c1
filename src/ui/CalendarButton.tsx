import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../api/client.ts';

/**
 * "Add to calendar": a link to an .ics file of the box office (GET …/calendar.ics), which the browser
 * downloads and the calendar app opens. `path` is an API path (src/api/contract/calendar.ts).
 */
export function CalendarButton({
  path,
  language,
  testId,
}: {
  path: string;
  language: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={apiUrl(path, { language })}
      download
      variant="light"
      size="compact-sm"
      data-testid={testId}
    >
      {t('calendar.add')}
    </Button>
  );
}
