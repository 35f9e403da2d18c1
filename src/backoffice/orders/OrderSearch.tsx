import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { staffDateTime } from '../reports/format.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { type OrderSearchAnswer, type OrderSearchRow, ordersApi } from './api.ts';
import { StateBadge } from './parts.tsx';
import { filtersOf, SearchForm } from './SearchForm.tsx';

/** Kinds that name one order for sure: a scan of one opens it at once. */
const CODES = new Set(['ticket', 'reservation']);

/**
 * /staff/orders: the search and its results, newest first, each row saying what it matched; "Older
 * orders" adds the next page. Without text or filters it lists the latest orders (the last sale at the
 * counter on top). A search just submitted that finds exactly one order by its ticket or reservation
 * number (a scanned QR code) opens that order instead, so a clerk scans and sees it.
 */
export function OrderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = filtersOf(location.search);
  const query = {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.date ? { date: filters.date } : {}),
    ...(filters.presentationId ? { presentationId: Number(filters.presentationId) } : {}),
  };
  const key = JSON.stringify(query);
  const submitted = (location.state as { submitted?: number } | null)?.submitted ?? 0;
  const first = useAsync((signal) => ordersApi.search(query, signal), `${key}:${submitted}`);
  const [more, setMore] = useState<{ key: string; pages: OrderSearchAnswer[] }>({ key, pages: [] });
  const pages = first.data ? [first.data, ...(more.key === key ? more.pages : [])] : [];
  const rows = pages.flatMap((p) => p.orders);
  const next = pages.at(-1)?.next ?? null;

  const only = first.data?.orders.length === 1 ? first.data.orders[0] : undefined;
  const opens = submitted > 0 && only !== undefined && only.matched.some((m) => CODES.has(m));
  useEffect(() => {
    if (opens && only)
      void navigate(`/staff/orders/${only.reservationIdentifier}${location.search}`, { replace: true });
  }, [opens, only, navigate, location.search]);

  return (
    <Stack gap="md" data-testid="orders-search">
      <Title order={2} fz="h3">
        {t('backoffice.orders.title')}
      </Title>
      <SearchForm key={location.search} initial={filters} />
      {first.status === 'loading' || opens ? (
        <Skeleton height={160} radius="md" aria-busy="true" />
      ) : first.status === 'error' ? (
        <Alert color="red">{errorText(t, first.error)}</Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="orders-search-read-as">
            {first.data.recognised.length
              ? t('backoffice.orders.search.readAs', {
                  kinds: first.data.recognised.map((k) => t(`backoffice.orders.match.${k}`)).join(', '),
                })
              : filters.q
                ? t('backoffice.orders.search.unreadable')
                : t('backoffice.orders.search.latest')}
          </Text>
          {rows.length === 0 ? (
            <Text data-testid="orders-search-none">{t('backoffice.orders.search.none')}</Text>
          ) : (
            <Results rows={rows} />
          )}
          {next ? (
            <Group>
              <Button
                variant="default"
                mih={TOUCH_PX}
                data-testid="orders-search-more"
                onClick={() =>
                  void ordersApi
                    .search({ ...query, before: next })
                    .then((page) =>
                      setMore((m) => ({ key, pages: [...(m.key === key ? m.pages : []), page] })),
                    )
                }
              >
                {t('backoffice.orders.search.older')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function Results({ rows }: { rows: readonly OrderSearchRow[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { search } = useLocation();
  return (
    <RecordTable
      data-testid="orders-results"
      rows={rows}
      rowKey={(r) => r.reservationIdentifier}
      rowAttributes={(r) => ({ 'data-testid': 'orders-result', 'data-reservation': r.reservationIdentifier })}
      minWidth={960}
      columns={[
        {
          key: 'order',
          label: t('backoffice.orders.columns.order'),
          render: (r) => (
            <Stack gap={2}>
              <Anchor
                component={Link}
                to={`/staff/orders/${r.reservationIdentifier}${search}`}
                dir="ltr"
                lh={`${TOUCH_PX}px`}
                data-testid="orders-result-open"
              >
                {r.reservationIdentifier}
              </Anchor>
              <StateBadge state={r.state} />
            </Stack>
          ),
        },
        {
          key: 'created',
          label: t('backoffice.orders.columns.created'),
          render: (r) => staffDateTime(r.createdAt, locale),
        },
        {
          key: 'customer',
          label: t('backoffice.orders.columns.customer'),
          render: (r) => (
            <Stack gap={0}>
              <Text size="sm">{r.customerName || '—'}</Text>
              {r.mobileNumber ? (
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {r.mobileNumber}
                </Text>
              ) : null}
              {r.email ? (
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {r.email}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        {
          key: 'shows',
          label: t('backoffice.orders.columns.shows'),
          render: (r) =>
            r.presentations.length
              ? r.presentations.map((p) => (
                  <Text key={p.id} size="sm">
                    {pickText(p.title, locale)} · {staffDateTime(p.dateTime, locale)}
                  </Text>
                ))
              : '—',
        },
        { key: 'tickets', label: t('backoffice.orders.columns.tickets'), render: (r) => r.ticketCount },
        {
          key: 'total',
          label: t('backoffice.orders.columns.total'),
          render: (r) => formatPrice(r.total, locale, r.currency),
        },
        {
          key: 'pos',
          label: t('backoffice.orders.columns.pointOfSale'),
          render: (r) =>
            r.soldBy
              ? t('backoffice.orders.soldBy', { name: r.soldBy })
              : t(`backoffice.orders.pointOfSale.${r.pointOfSale}`),
        },
        {
          key: 'matched',
          label: t('backoffice.orders.columns.matched'),
          render: (r) => (
            <Group gap={4}>
              {r.matched.map((m) => (
                <Badge key={m} variant="light" color="gray" size="sm">
                  {t(`backoffice.orders.match.${m}`)}
                </Badge>
              ))}
            </Group>
          ),
        },
      ]}
    />
  );
}
