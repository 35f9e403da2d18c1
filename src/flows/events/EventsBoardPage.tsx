import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { formatDateTime, venueToday } from '../../i18n/format.ts';
import { session } from '../../state/session.ts';
import { leaveMiniSite } from '../../state/partnerContext.ts';
import { renderNow } from '../../ui/renderClock.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { boardKey } from '../../ssr/pageData.ts';
import { useLocale } from '../../ui/useLocale.ts';
import {
  type BoardFilters as Filters,
  filterPresentations,
  groupBoard,
  parseFilters,
  venuesOf,
  withFilters,
} from '../../domain/board.ts';
import { BoardDays } from './BoardDays.tsx';
import { BoardFilters } from './BoardFilters.tsx';
import { DateFilter } from './DateFilter.tsx';
import { MoreForSale } from './MoreForSale.tsx';
import classes from './EventsBoard.module.css';

/**
 * The presentation list ('events board', spec section 2) at / and /order: a feature's showtimes of a day
 * on one card, narrowed by date (the box office's), venue, kind and search, all in the URL.
 */
export default function EventsBoardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { settings, menu } = useSnapshot(session);
  const layout = settings?.listModes.presentations ?? 'grid';
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  // The plain board: later orders are no longer through a partner's mini-site (issue 20).
  useEffect(leaveMiniSite, []);
  // The whole board's list comes with the page (src/ssr/pageData.ts): its first render asks for nothing.
  const state = useAsync(
    (signal) => api.presentations(filters.date ?? undefined, signal),
    boardKey(filters.date),
  );
  const q = useDeferredValue(filters.q);
  const all = state.status === 'done' ? state.data.presentations : null;
  const shown = useMemo(
    () => (all ? filterPresentations(all, { venue: filters.venue, kind: filters.kind, q }) : []),
    [all, filters.venue, filters.kind, q],
  );
  const days = useMemo(() => groupBoard(shown), [shown]);
  const venues = useMemo(() => (all ? venuesOf(all) : []), [all]);

  // Merged into the address as it is now, not as this render saw it (the router's own search params are
  // this render's): two changes in a row, faster than a render, both stay.
  function onFilters(change: Partial<Filters>) {
    const now = new URLSearchParams(window.location.search);
    setParams(withFilters(now, { ...parseFilters(now), ...change }), { replace: true });
  }
  const narrowed = filters.venue !== null || filters.kind !== null || filters.q.trim() !== '';

  return (
    <Stack gap="lg">
      <Title order={1}>{t('events.title')}</Title>
      <DateFilter
        today={venueToday(renderNow())}
        value={filters.date}
        onChange={(date) => onFilters({ date })}
      />
      <BoardFilters filters={filters} venues={venues} onChange={onFilters} />
      <Text size="xs" c="gray.7" mt={-8}>
        {t('events.timesNote', { now: formatDateTime(new Date(renderNow()).toISOString(), locale) })}
      </Text>
      {state.status === 'loading' ? (
        <>
          {/* The results line's place, so the board does not move when it comes. */}
          <Skeleton height={20} width={220} radius="sm" />
          <div
            className={layout === 'grid' ? classes.grid : classes.list}
            aria-busy="true"
            aria-label={t('common.loading')}
          >
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={layout === 'grid' ? 214 : 142} radius="md" />
            ))}
          </div>
        </>
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
      ) : days.length === 0 ? (
        <Stack align="center" gap="sm" py="xl" data-testid="no-results">
          <Text ta="center">{t('events.noResults')}</Text>
          <Button variant="light" onClick={() => onFilters({ venue: null, kind: null, q: '' })}>
            {t('events.filters.reset')}
          </Button>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="gray.7" role="status" data-testid="board-count">
            {t('events.resultsLine', {
              features: days.reduce((n, d) => n + d.features.length, 0),
              shows: shown.length,
            })}
            {narrowed ? (
              <Button
                variant="subtle"
                size="compact-sm"
                ms="sm"
                onClick={() => onFilters({ venue: null, kind: null, q: '' })}
                data-testid="reset-filters"
              >
                {t('events.filters.reset')}
              </Button>
            ) : null}
          </Text>
          <BoardDays
            days={days}
            layout={layout}
            resetKey={`${filters.date}|${filters.venue}|${filters.kind}|${q}`}
          />
        </>
      )}
      {/* The other things for sale, under the showtimes (the first screen stays the box office's). */}
      {state.status === 'loading' ? null : <MoreForSale entries={menu} />}
    </Stack>
  );
}
