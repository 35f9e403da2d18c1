import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { customerState, logoutCustomer } from '../../state/customer.ts';
import type { PurchaseKind } from '../../state/purchase.ts';
import { LoginPanel } from '../../ui/login/LoginPanel.tsx';

interface Props {
  /** The flow's texts: `${ns}.loginTitle`, `${ns}.loginWhy`, and for the logged-in card `${ns}.loggedInAs`, `.belongToYou`, `.notYou`, `.next`. */
  ns: PurchaseKind;
  testId: string;
  onBack: () => void;
  /** Goes on: at once after a login here, or by the next button. */
  onForward: () => void;
}

/**
 * What is bought belongs to an account (vouchers, memberships): a logged-in customer sees who they are
 * and goes on; anyone else logs in here (identify mode: a new number opens an account), and the flow
 * goes on by itself.
 */
export function PurchaseAuthStep({ ns, testId, onBack, onForward }: Props) {
  const { t } = useTranslation();
  const { customer } = useSnapshot(customerState);
  const loggedInHere = useRef(customer === null);
  useEffect(() => {
    if (customer && loggedInHere.current) {
      loggedInHere.current = false;
      onForward();
    }
    if (!customer) loggedInHere.current = true;
  }, [customer, onForward]);
  if (!customer) return <PurchaseLoginPrompt ns={ns} testId={testId} onBack={onBack} />;
  const name = [customer.FirstName, customer.LastName].filter(Boolean).join(' ');
  return (
    <Stack gap="md" data-testid={testId}>
      <Card withBorder padding="lg" maw={560} data-testid="logged-in-as">
        <Stack gap="xs">
          <Text fw={600}>{t(`${ns}.loggedInAs`, { name })}</Text>
          <Text size="sm" c="dimmed" dir="auto">
            {[customer.MobileNumber1, customer.EmailAddress1].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm">{t(`${ns}.belongToYou`)}</Text>
          <Anchor component="button" type="button" size="sm" onClick={() => void logoutCustomer()}>
            {t(`${ns}.notYou`)}
          </Anchor>
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('order.back')}
        </Button>
        <Button onClick={onForward} data-testid="next-step">
          {t(`${ns}.next`)}
        </Button>
      </Group>
    </Stack>
  );
}

/** Why to log in, and the login panel (once the session's customer is known), with a way back. */
export function PurchaseLoginPrompt({ ns, testId, onBack }: Omit<Props, 'onForward'>) {
  const { t } = useTranslation();
  const { checked } = useSnapshot(customerState);
  return (
    <Stack gap="md" data-testid={testId}>
      <Alert color="blue" title={t(`${ns}.loginTitle`)}>
        {t(`${ns}.loginWhy`)}
      </Alert>
      {checked ? (
        <Card withBorder padding="lg" maw={480}>
          <LoginPanel identify />
        </Card>
      ) : null}
      <Group>
        <Button variant="default" onClick={onBack}>
          {t('order.back')}
        </Button>
      </Group>
    </Stack>
  );
}
