import {
  Alert,
  Anchor,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../api/endpoints.ts';
import { formatDateTime, pickText } from '../i18n/format.ts';
import { waiverPath } from '../routing/paths.ts';
import { errorText } from '../ui/errorText.ts';
import { useAsync } from '../ui/useAsync.ts';
import { useLocale } from '../ui/useLocale.ts';

/**
 * The signed liability waivers (every staff role: the box office checks them at the door), newest
 * first, searched by reservation number or the signer's name; each opens as the printable waiver.
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
          placeholder={t('waiver.search')}
          aria-label={t('waiver.search')}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
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
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('waiver.columns.order')}</Table.Th>
                  <Table.Th>{t('waiver.columns.signer')}</Table.Th>
                  <Table.Th>{t('waiver.columns.jumpers')}</Table.Th>
                  <Table.Th>{t('waiver.columns.show')}</Table.Th>
                  <Table.Th>{t('waiver.columns.signedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.data.waivers.map((w) => (
                  <Table.Tr key={w.reservationIdentifier} data-testid="staff-waiver-row">
                    <Table.Td dir="ltr">
                      <Anchor component={Link} to={waiverPath(w.reservationIdentifier)}>
                        {w.reservationIdentifier}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{w.adultName}</Table.Td>
                    <Table.Td>{w.jumpers}</Table.Td>
                    <Table.Td>
                      {pickText(w.title, locale)} · {formatDateTime(w.dateTime, locale)}
                    </Table.Td>
                    <Table.Td>{formatDateTime(w.signedAt, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {state.data.total > state.data.pageSize ? (
            <Pagination
              total={Math.ceil(state.data.total / state.data.pageSize)}
              value={page}
              onChange={setPage}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
