import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { paths } from '../routing/paths.ts';
import { customerState, logoutCustomer } from '../state/customer.ts';
import { errorText } from '../ui/errorText.ts';
import { SetPassword } from './SetPassword.tsx';
import { StaffLogin, useStaffMe } from './StaffLogin.tsx';
import { StaffTabs } from './StaffTabs.tsx';
import { TOUCH_PX } from './ui/touch.ts';

/**
 * /staff: the staff area (spec section 6, the staff role; issue 33). Its own login (username and
 * password); a user who logged in with a password given to them sets their own first; then what their
 * role may open, in tabs at /staff/<tab> (StaffTabs.tsx). A customer logged in in the same browser (the
 * last one at the counter) is logged out once staff are in, so no sale the staff then make in the shop
 * is under that customer's account, nor are their details offered again (issue 35).
 */
export default function StaffPage() {
  const { t } = useTranslation();
  const { loading, error, staff, setMe, logout } = useStaffMe();
  const { customer } = useSnapshot(customerState);
  const loggedIn = staff !== null && customer !== null;
  useEffect(() => {
    if (loggedIn) void logoutCustomer().catch(() => undefined);
  }, [loggedIn]);

  if (loading) return <Skeleton height={240} radius="md" aria-busy="true" />;
  if (error)
    return (
      <Alert color="red" data-testid="staff-error">
        {errorText(t, error)}
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
        <Group gap="xs">
          {/* Managers stand at the door too: the door page (scanning, counts, re-entry) is a tap away. */}
          {staff.role === 'manager' || staff.role === 'admin' ? (
            <Button
              component={Link}
              to={paths.door}
              variant="light"
              color="teal"
              mih={TOUCH_PX}
              data-testid="staff-door-link"
            >
              {t('door.title')}
            </Button>
          ) : null}
          <Button variant="default" mih={TOUCH_PX} data-testid="staff-logout" onClick={() => void logout()}>
            {t('account.logout')}
          </Button>
        </Group>
      </Group>
      {staff.mustChangePassword ? <SetPassword onDone={setMe} /> : <StaffTabs role={staff.role} />}
    </Stack>
  );
}
