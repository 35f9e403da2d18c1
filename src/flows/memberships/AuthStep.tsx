import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { customerState, logoutCustomer } from '../../state/customer.ts';
import { LoginPanel } from '../../ui/login/LoginPanel.tsx';
import type { MembershipStore } from './store.ts';

/**
 * A membership belongs to an account: a logged-in customer sees who they are and goes on; anyone else
 * logs in here (identify mode: a new number opens an account), and the flow goes on by itself.
 */
export function AuthStep({ store }: { store: MembershipStore }) {
  const { t } = useTranslation();
  const { customer, checked } = useSnapshot(customerState);
  const loggedInHere = useRef(customer === null);
  useEffect(() => {
    if (customer && loggedInHere.current) {
      loggedInHere.current = false;
      store.forward('auth');
    }
    if (!customer) loggedInHere.current = true;
  }, [customer, store]);
  const back = (
    <Button variant="default" onClick={() => store.back('auth')}>
      {t('order.back')}
    </Button>
  );
  if (customer) {
    const name = [customer.FirstName, customer.LastName].filter(Boolean).join(' ');
    return (
      <Stack gap="md" data-testid="membership-auth">
        <Card withBorder padding="lg" maw={560} data-testid="logged-in-as">
          <Stack gap="xs">
            <Text fw={600}>{t('memberships.loggedInAs', { name })}</Text>
            <Text size="sm">{t('memberships.belongToYou')}</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => void logoutCustomer()}>
              {t('memberships.notYou')}
            </Anchor>
          </Stack>
        </Card>
        <Group justify="space-between">
          {back}
          <Button onClick={() => store.forward('auth')} data-testid="next-step">
            {t('memberships.next')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="membership-auth">
      <Alert color="blue" title={t('memberships.loginTitle')}>
        {t('memberships.loginWhy')}
      </Alert>
      {checked ? (
        <Card withBorder padding="lg" maw={480}>
          <LoginPanel identify />
        </Card>
      ) : null}
      <Group>{back}</Group>
    </Stack>
  );
}
