import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { customerState } from '../../state/customer.ts';
import { LoginPanel } from '../../ui/login/LoginPanel.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { EnrolmentSummary } from './EnrolmentSummary.tsx';
import type { EnrolmentStore } from './store.ts';

/** Step 5: details and payment by the one checkout; a subscriber logs in first (the enrolment is theirs). */
export function PaymentStep({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const { customer, checked } = useSnapshot(customerState);
  if (!customer)
    return (
      <Stack gap="md" data-testid="enrolment-auth">
        <Alert color="blue" title={t('enrolment.loginTitle')}>
          {t('enrolment.loginWhy')}
        </Alert>
        {checked ? (
          <Card withBorder padding="lg" maw={480}>
            <LoginPanel identify />
          </Card>
        ) : null}
        <Group>
          <Button variant="default" onClick={() => store.back('payment')}>
            {t('order.back')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <PurchasePaymentStep
      checkout={store.checkout}
      summary={<EnrolmentSummary store={store} />}
      onBack={() => store.back('payment')}
    />
  );
}
