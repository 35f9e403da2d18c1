import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { customerState, logoutCustomer } from '../../state/customer.ts';
import { LoginPanel } from '../../ui/login/LoginPanel.tsx';
import type { VoucherStore } from './store.ts';

/**
 * Step 2: the vouchers belong to an account. A logged-in customer sees who they are and goes on; anyone
 * else logs in here (mobile number and SMS code, or e-mail), and the flow goes on by itself.
 */
export function AuthStep({ store }: { store: VoucherStore }) {
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
      <Stack gap="md" data-testid="voucher-auth">
        <Card withBorder padding="lg" maw={560} data-testid="logged-in-as">
          <Stack gap="xs">
            <Text fw={600}>{t('vouchers.loggedInAs', { name })}</Text>
            <Text size="sm" c="dimmed" dir="auto">
              {[customer.MobileNumber1, customer.EmailAddress1].filter(Boolean).join(' · ')}
            </Text>
            <Text size="sm">{t('vouchers.belongToYou')}</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => void logoutCustomer()}>
              {t('vouchers.notYou')}
            </Anchor>
          </Stack>
        </Card>
        <Group justify="space-between">
          {back}
          <Button onClick={() => store.forward('auth')} data-testid="next-step">
            {t('vouchers.next')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="voucher-auth">
      <Alert color="blue" title={t('vouchers.loginTitle')}>
        {t('vouchers.loginWhy')}
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
