import { Alert, Badge, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/endpoints.ts';
import { pickText } from '../i18n/format.ts';
import { errorText } from '../ui/errorText.ts';
import { showToast } from '../ui/toast/toasts.ts';
import { useAsync } from '../ui/useAsync.ts';
import { useLocale } from '../ui/useLocale.ts';

/**
 * A manager's switch per venue for booking through the site (issue 20, location offline): off, the shop
 * shows the venue's presentations without a buy button and its order pages send customers to the box
 * office.
 */
export function Venues() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const state = useAsync(() => api.staffVenues(), String(round));

  async function toggle(id: number, enabled: boolean) {
    setBusy(id);
    setProblem(null);
    try {
      await api.staffSetOnlineSales(id, enabled);
      showToast({ key: enabled ? 'staff.venues.turnedOn' : 'staff.venues.turnedOff', color: 'teal' });
      setRound((r) => r + 1);
    } catch (err) {
      setProblem(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm" data-testid="staff-venues">
      <Title order={2} fz="h3">
        {t('staff.venues.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('staff.venues.intro')}
      </Text>
      {problem ? <Alert color="red">{errorText(t, problem)}</Alert> : null}
      {state.status === 'error' ? <Alert color="red">{errorText(t, state.error)}</Alert> : null}
      {state.status === 'done' ? (
        <Table striped>
          <Table.Tbody>
            {state.data.venues.map((v) => (
              <Table.Tr key={v.id} data-testid="staff-venue" data-venue-id={v.id}>
                <Table.Td>{pickText(v.name, locale)}</Table.Td>
                <Table.Td>
                  <Badge color={v.onlineSalesEnabled ? 'teal' : 'orange'} variant="light">
                    {v.onlineSalesEnabled ? t('staff.venues.online') : t('staff.venues.offline')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={v.onlineSalesEnabled}
                    disabled={busy !== null}
                    onChange={(e) => void toggle(v.id, e.currentTarget.checked)}
                    label={t('staff.venues.sellOnline')}
                    data-testid="online-sales-switch"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
