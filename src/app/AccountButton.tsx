import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { customerState } from '../state/customer.ts';
import { headerButton, PersonIcon } from './HeaderIcons.tsx';

/**
 * The way into the personal area from every page; shows the customer's first name once logged in. On a
 * phone it is a person sign with those words as its name (HeaderButtons.module.css). Not in the staff
 * area (/staff): a customer's greeting there would belong to whoever used the browser last.
 */
export function AccountButton() {
  const { t } = useTranslation();
  const { customer } = useSnapshot(customerState);
  const { pathname } = useLocation();
  if (pathname === '/staff' || pathname.startsWith('/staff/')) return null;
  return (
    <Button
      component={Link}
      to="/customer-area"
      variant={customer ? 'light' : 'subtle'}
      size="compact-sm"
      className={headerButton.account}
      data-testid="account-button"
    >
      <PersonIcon />
      <span className={headerButton.label}>
        {customer?.FirstName
          ? t('account.headerLoggedIn', { name: customer.FirstName })
          : t('account.header')}
      </span>
    </Button>
  );
}
