import { Alert, Button, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { orderMessageStatuses } from '../api/contract/staff.ts';
import { api } from '../api/endpoints.ts';
import { formatDateTime } from '../i18n/format.ts';
import { errorText } from '../ui/errorText.ts';
import { useAsync } from '../ui/useAsync.ts';
import { useLocale } from '../ui/useLocale.ts';
import { MessageDelivery } from './ui/MessageDelivery.tsx';

type Filter = (typeof orderMessageStatuses)[number] | 'all';

/** A manager's view of the order confirmations and cancellations: where each stands, and a retry for those given up. */
export function OrderMessages() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filter, setFilter] = useState<Filter>('failed');
  const [round, setRound] = useState(0);
  const [problem, setProblem] = useState<unknown>(null);
  const state = useAsync(
    () => api.staffMessages(filter === 'all' ? undefined : filter),
    `${filter}/${round}`,
  );
  return (
    <Stack gap="sm" data-testid="staff-messages">
      <Title order={2} fz="h3">
        {t('staff.messagesTitle')}
      </Title>
      <SegmentedControl
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        data={(['failed', 'queued', 'sent', 'all'] as const).map((f) => ({
          value: f,
          label: t(`staff.filter.${f}`),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {problem ? <Alert color="red">{errorText(t, problem)}</Alert> : null}
      {state.status === 'error' ? <Alert color="red">{errorText(t, state.error)}</Alert> : null}
      {state.status === 'done' && state.data.messages.length === 0 ? (
        <Text c="dimmed">{t('staff.noMessages')}</Text>
      ) : null}
      {state.status === 'done' && state.data.messages.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.columns.created')}</Table.Th>
                <Table.Th>{t('staff.columns.order')}</Table.Th>
                <Table.Th>{t('staff.columns.message')}</Table.Th>
                <Table.Th>{t('staff.columns.to')}</Table.Th>
                <Table.Th>{t('staff.columns.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data.messages.map((m) => (
                <Table.Tr key={m.id} data-testid="staff-message">
                  <Table.Td>{formatDateTime(m.createdAt, locale)}</Table.Td>
                  <Table.Td dir="ltr">{m.reservationIdentifier}</Table.Td>
                  <Table.Td>
                    {t(`staff.kind.${m.kind}`)} · {t(`staff.channel.${m.channel}`)}
                  </Table.Td>
                  <Table.Td dir="ltr">{m.to}</Table.Td>
                  <Table.Td>
                    <MessageDelivery message={m} />
                  </Table.Td>
                  <Table.Td>
                    {m.status === 'failed' ? (
                      <Button
                        size="xs"
                        variant="light"
                        data-testid="staff-retry"
                        onClick={async () => {
                          setProblem(null);
                          try {
                            await api.staffRetryMessage(m.id);
                            setRound((r) => r + 1);
                          } catch (err) {
                            setProblem(err);
                          }
                        }}
                      >
                        {t('staff.retry')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
