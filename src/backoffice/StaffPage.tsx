import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../api/client.ts';
import type { StaffMe } from '../api/contract/staff.ts';
import { api } from '../api/endpoints.ts';
import { errorText } from '../ui/errorText.ts';
import { useAsync } from '../ui/useAsync.ts';
import { OrderMessages } from './OrderMessages.tsx';
import { Reports } from './reports/Reports.tsx';
import { Waivers } from './Waivers.tsx';
import { Venues } from './Venues.tsx';

/**
 * /staff: the staff area (spec section 6, the staff role). Its own login (username and password), then
 * what the staff user's role may see, in tabs: a manager the reports and the order confirmations sent,
 * waiting or given up; every staff user the signed waivers.
 */
export default function StaffPage() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const [me, setMe] = useState<StaffMe | null>(null);
  const state = useAsync(
    () =>
      api
        .staffMe()
        .catch((err: unknown) =>
          err instanceof ApiCallError && err.statusCode === 401 ? null : Promise.reject(err),
        ),
    String(round),
  );
  const staff = me ?? (state.status === 'done' ? state.data : null);

  if (state.status === 'loading' && !me) return <Skeleton height={240} radius="md" aria-busy="true" />;
  if (state.status === 'error' && !me)
    return (
      <Alert color="red" data-testid="staff-error">
        {errorText(t, state.error)}
      </Alert>
    );
  if (!staff) return <StaffLogin onLogin={setMe} />;
  return (
    <Stack gap="lg" data-testid="staff-area">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t('staff.title')}
          </Title>
          <Text c="dimmed" data-testid="staff-who">
            {t('staff.who', { name: staff.displayName, role: t(`staff.roles.${staff.role}`) })}
          </Text>
        </div>
        <Button
          variant="default"
          data-testid="staff-logout"
          onClick={async () => {
            await api.staffLogout().catch(() => undefined);
            setMe(null);
            setRound((r) => r + 1);
          }}
        >
          {t('account.logout')}
        </Button>
      </Group>
      <StaffTabs role={staff.role} />
    </Stack>
  );
}

/**
 * What a role may open, as tabs: managers the reports and the order confirmations; every staff user the
 * signed waivers. Inactive tabs are not mounted, so a report loads only when its tab is opened.
 */
function StaffTabs({ role }: { role: StaffMe['role'] }) {
  const { t } = useTranslation();
  const manager = role === 'manager';
  return (
    <Tabs defaultValue={manager ? 'reports' : 'waivers'} keepMounted={false} data-testid="staff-tabs">
      <Tabs.List>
        {manager ? (
          <Tabs.Tab value="reports" data-testid="staff-tab-reports">
            {t('staff.tabs.reports')}
          </Tabs.Tab>
        ) : null}
        {manager ? (
          <Tabs.Tab value="confirmations" data-testid="staff-tab-confirmations">
            {t('staff.tabs.confirmations')}
          </Tabs.Tab>
        ) : null}
        {manager ? (
          <Tabs.Tab value="venues" data-testid="staff-tab-venues">
            {t('staff.tabs.venues')}
          </Tabs.Tab>
        ) : null}
        <Tabs.Tab value="waivers" data-testid="staff-tab-waivers">
          {t('staff.tabs.waivers')}
        </Tabs.Tab>
      </Tabs.List>
      {manager ? (
        <Tabs.Panel value="reports" pt="md">
          <Reports />
        </Tabs.Panel>
      ) : null}
      {manager ? (
        <Tabs.Panel value="confirmations" pt="md">
          <OrderMessages />
        </Tabs.Panel>
      ) : null}
      {manager ? (
        <Tabs.Panel value="venues" pt="md">
          <Venues />
        </Tabs.Panel>
      ) : null}
      <Tabs.Panel value="waivers" pt="md">
        <Waivers />
      </Tabs.Panel>
    </Tabs>
  );
}

function StaffLogin({ onLogin }: { onLogin(me: StaffMe): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card withBorder padding="lg" maw={420} data-testid="staff-login">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          try {
            onLogin(await api.staffLogin({ username, password }));
          } catch (err) {
            setError(err);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="sm">
          <Title order={1} fz="h3">
            {t('staff.loginTitle')}
          </Title>
          <TextInput
            label={t('staff.username')}
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('account.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" data-testid="staff-login-error">
              {errorText(t, error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={busy} data-testid="staff-login-submit">
            {t('account.login')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
