import { Alert, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { AdminHall } from '../plans/api.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import { useName } from '../venues/shared.tsx';
import type { SchedulePreview } from './api.ts';

type Show = SchedulePreview['shows'][number];

/** The shows a schedule would make, day by day, each clash named with what it runs into. */
export function PreviewList({ preview, halls }: { preview: SchedulePreview; halls: readonly AdminHall[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useName();
  const hallName = (id: number) => {
    const h = halls.find((x) => x.id === id);
    return h ? name(h.name) : String(id);
  };
  return (
    <Stack gap="sm" data-testid="schedule-preview-list">
      {preview.clashes > 0 ? (
        <Alert color="orange" data-testid="schedule-clashes">
          {t('backoffice.programme.clashCount', { count: preview.clashes })}
        </Alert>
      ) : (
        <Text size="sm" fw={600} data-testid="schedule-ready">
          {t('backoffice.programme.showCount', { count: preview.shows.length })}
        </Text>
      )}
      {preview.past > 0 ? (
        <Text size="sm" c="dimmed" data-testid="schedule-past">
          {t('backoffice.programme.pastLeftOut', { count: preview.past })}
        </Text>
      ) : null}
      <RecordTable<Show>
        rows={preview.shows}
        rowKey={(s) => `${s.hallId}-${s.startsAt}`}
        rowAttributes={(s) => ({ 'data-testid': 'schedule-show', 'data-clash': s.clash ? '1' : '0' })}
        minWidth={560}
        columns={[
          {
            key: 'day',
            label: t('backoffice.programme.day'),
            render: (s) => formatLongDate(s.businessDate, locale),
          },
          {
            key: 'time',
            label: t('backoffice.programme.time'),
            render: (s) => formatTime(s.startsAt, locale),
          },
          { key: 'hall', label: t('backoffice.programme.hall'), render: (s) => hallName(s.hallId) },
          {
            key: 'state',
            label: t('backoffice.programme.state'),
            render: (s) =>
              s.clash ? (
                <Text size="sm" c="orange.8" data-testid="schedule-clash">
                  {t('backoffice.programme.clashWith', {
                    title: name(s.clash.title),
                    from: formatTime(s.clash.startsAt, locale),
                    to: formatTime(s.clash.endsAt, locale),
                  })}
                </Text>
              ) : (
                <Badge color="teal" variant="light">
                  {t('backoffice.programme.fits')}
                </Badge>
              ),
          },
        ]}
      />
    </Stack>
  );
}
