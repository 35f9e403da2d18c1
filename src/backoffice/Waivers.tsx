import { Alert, Anchor, Group, Pagination, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../api/endpoints.ts';
import { pickText } from '../i18n/format.ts';
import { waiverPath } from '../routing/paths.ts';
import { errorText } from '../ui/errorText.ts';
import { useAsync } from '../ui/useAsync.ts';
import { useLocale } from '../ui/useLocale.ts';
import { staffDateTime } from './reports/format.ts';
import { RowsTable } from './reports/RowsTable.tsx';
import { TOUCH_PX, touchInput } from './ui/touch.ts';

/**
 * The signed liability waivers (every staff role: the box office checks them at the door), newest
 * first, searched by reservation number or by the signing adult's or any child's name; each opens as
 * the printable waiver. A table, or a card per waiver on a phone.
 */
export function Waivers() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [query] = useDebouncedValue(q.trim(), 300);
  const [page, setPage] = useState(1);
  const state = useAsync(() => api.staffWaivers(query, page), `${query}:${page}`);
  return (
    <Stack gap="md" data-testid="staff-waivers">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3">
          {t('waiver.staffTitle')}
        </Title>
        <TextInput
          type="search"
          placeholder={t('waiver.search')}
          aria-label={t('waiver.search')}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
          styles={touchInput}
          data-testid="staff-waivers-search"
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {state.status === 'loading' ? (
        <Skeleton height={160} radius="md" />
      ) : state.status === 'error' ? (
        <Alert color="red">{errorText(t, state.error)}</Alert>
      ) : state.data.waivers.length === 0 ? (
        <Text c="dimmed" data-testid="staff-waivers-none">
          {t('waiver.none')}
        </Text>
      ) : (
        <>
          <RowsTable
            testId="staff-waivers-table"
            rowTestId="staff-waiver-row"
            head={(['order', 'signer', 'jumpers', 'show', 'signedAt'] as const).map((k) =>
              t(`waiver.columns.${k}`),
            )}
            body={state.data.waivers.map((w) => ({
              key: w.reservationIdentifier,
              cells: [
                <Anchor
                  key="order"
                  component={Link}
                  to={waiverPath(w.reservationIdentifier)}
                  dir="ltr"
                  display="inline-block"
                  lh={`${TOUCH_PX}px`}
                  data-testid="staff-waiver-open"
                >
                  {w.reservationIdentifier}
                </Anchor>,
                w.adultName,
                w.jumperNames.join(', '),
                `${pickText(w.title, locale)} · ${staffDateTime(w.dateTime, locale)}`,
                staffDateTime(w.signedAt, locale),
              ],
            }))}
          />
          {state.data.total > state.data.pageSize ? (
            <Pagination
              total={Math.ceil(state.data.total / state.data.pageSize)}
              value={page}
              onChange={setPage}
              size="lg"
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
