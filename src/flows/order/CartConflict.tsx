import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The presentation cannot join the cart (spec section 4 rules): why, and the way out. */
export function CartConflict({ code, onRemoveOthers }: { code: string; onRemoveOthers: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('order.cannotAdd')} role="alert" data-testid="cart-conflict">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`errors.${code}`)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRemoveOthers}>
          {t('cart.removeOthers')}
        </Button>
      </Stack>
    </Alert>
  );
}
