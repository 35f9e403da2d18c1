import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../api/client.ts';
import type { StaffMe } from '../api/contract/staff.ts';
import { api } from '../api/endpoints.ts';
import { customerState, logoutCustomer } from '../state/customer.ts';
import { errorText } from '../ui/errorText.ts';
import { useAsync } from '../ui/useAsync.ts';
import { SetPassword } from './SetPassword.tsx';
import { StaffTabs } from './StaffTabs.tsx';
import { TOUCH_PX, touchInput } from './ui/touch.ts';
import { useAction } from './ui/useAction.ts';

/**
 * /staff: the staff area (spec section 6, the staff role; issue 33). Its own login (username and
 * password); a user who logged in with a password given to them sets their own first; then what their
 * role may open, in tabs at /staff/<tab> (StaffTabs.tsx). A customer logged in in the same browser (the
 * last one at the counter) is logged out once staff are in, so no sale the staff then make in the shop
 * is under that customer's account, nor are their details offered again (issue 35).
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
  const { customer } = useSnapshot(customerState);
  const loggedIn = staff !== null && customer !== null;
  useEffect(() => {
    if (loggedIn) void logoutCustomer().catch(() => undefined);
  }, [loggedIn]);

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
          mih={TOUCH_PX}
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
      {staff.mustChangePassword ? <SetPassword onDone={setMe} /> : <StaffTabs role={staff.role} />}
    </Stack>
  );
}

function StaffLogin({ onLogin }: { onLogin(me: StaffMe): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  return (
    <Card withBorder padding="lg" maw={420} data-testid="staff-login">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => onLogin(await api.staffLogin({ username, password })));
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
            styles={touchInput}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('account.password')}
            name="password"
            autoComplete="current-password"
            required
            styles={touchInput}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {error ? (
            <Alert color="red" data-testid="staff-login-error">
              {errorText(t, error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={busy} mih={TOUCH_PX} data-testid="staff-login-submit">
            {t('account.login')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
