import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../api/client.ts';
import type { StaffMe } from '../api/contract/staff.ts';
import { api } from '../api/endpoints.ts';
import { errorText } from '../ui/errorText.ts';
import { useAsync } from '../ui/useAsync.ts';
import { TOUCH_PX, touchInput } from './ui/touch.ts';
import { useAction } from './ui/useAction.ts';

/**
 * Who is logged in as staff in this browser (null: nobody), as the staff area and the door page ask it:
 * `setMe` after a login or a password change, `logout` to leave.
 */
export function useStaffMe() {
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
  return {
    loading: state.status === 'loading' && !me,
    error: state.status === 'error' && !me ? (state.error ?? 'error') : null,
    staff: me ?? (state.status === 'done' ? state.data : null),
    setMe,
    async logout() {
      await api.staffLogout().catch(() => undefined);
      setMe(null);
      setRound((r) => r + 1);
    },
  };
}

/** The staff login (username and password): the staff area's and the door page's. */
export function StaffLogin({ onLogin }: { onLogin(me: StaffMe): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  return (
    <Card withBorder padding="lg" maw={420} w="100%" data-testid="staff-login">
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
            autoCapitalize="none"
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
