import { Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { customerState } from '../../state/customer.ts';
import { LoginPanel } from '../../ui/login/LoginPanel.tsx';

/** The login dialog for hold orders (spec section 2): a hold needs a logged-in member. */
export function HoldLoginDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: (loggedIn: boolean) => void;
}) {
  const { t } = useTranslation();
  const { customer } = useSnapshot(customerState);
  useEffect(() => {
    if (opened && customer) onClose(true);
  }, [opened, customer, onClose]);
  return (
    <Modal
      opened={opened}
      onClose={() => onClose(false)}
      title={t('checkout.holdLoginTitle')}
      centered
      size="md"
    >
      <Stack>
        <Text size="sm">{t('checkout.holdLoginText')}</Text>
        <LoginPanel />
      </Stack>
    </Modal>
  );
}
