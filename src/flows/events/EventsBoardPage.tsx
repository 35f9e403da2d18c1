import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { formatDateTime, formatLongDate, venueToday } from '../../i18n/format.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { DateFilter } from './DateFilter.tsx';
import { groupByDay } from './groupByDay.ts';
import { PresentationCard } from './PresentationCard.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The presentation list ('events board', spec section 2) at / and /order. */
export default function EventsBoardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const raw = params.get('date');
  const date = raw && ISO_DATE.test(raw) ? raw : null;
  const state = useAsync((signal) => api.presentations(date ?? undefined, signal), date ?? 'all');

  function onDate(next: string | null) {
    const p = new URLSearchParams(params);
    if (next) p.set('date', next);
    else p.delete('date');
    setParams(p, { replace: true });
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('events.title')}</Title>
      <DateFilter today={venueToday()} value={date} onChange={onDate} />
      {state.status === 'loading' ? (
        <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={130} radius="md" />
          ))}
        </Stack>
      ) : state.status === 'error' ? (
        <Alert color="red" title={t('errors.errorOccurred')} role="alert">
          {t(`errors.${state.error instanceof ApiCallError ? state.error.code : 'fetch_data_error'}`, {
            defaultValue: t('errors.generic'),
          })}
        </Alert>
      ) : state.data.presentations.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="events-empty">
          {t('events.empty')}
        </Text>
      ) : (
        <Stack gap="xl" data-testid="events-list">
          {groupByDay(state.data.presentations).map((group) => {
            const heading = group.day === null ? t('category.video') : formatLongDate(group.day, locale);
            return (
              <Stack
                gap="md"
                component="section"
                key={group.day ?? 'vod'}
                aria-label={heading}
                data-day={group.day ?? 'vod'}
              >
                <Title order={2} fz="h4" c="dimmed">
                  {heading}
                </Title>
                {group.presentations.map((p) => (
                  <PresentationCard key={p.id} presentation={p} />
                ))}
              </Stack>
            );
          })}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {t('events.timesNote', { now: formatDateTime(new Date().toISOString(), locale) })}
      </Text>
    </Stack>
  );
}
