import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { customerState } from '../state/customer.ts';

/** The way into the personal area from every page; shows the customer's first name once logged in. */
export function AccountButton() {
  const { t } = useTranslation();
  const { customer } = useSnapshot(customerState);
  return (
    <Button
      component={Link}
      to="/customer-area"
      variant={customer ? 'light' : 'subtle'}
      size="compact-sm"
      data-testid="account-button"
    >
      {customer?.FirstName ? t('account.headerLoggedIn', { name: customer.FirstName }) : t('account.header')}
    </Button>
  );
}
