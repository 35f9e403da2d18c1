import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissCleared, type PurchaseKind, purchase } from '../../state/purchase.ts';

/**
 * Says once that starting this purchase emptied the other cart (one voucher, membership or donation
 * cart at a time, spec section 4). `ns` is the flow's texts: `${ns}.cartCleared`.
 */
export function ClearedNotice({ ns }: { ns: PurchaseKind }) {
  const { t } = useTranslation();
  const { cleared } = useSnapshot(purchase);
  if (!cleared) return null;
  return (
    <Alert color="blue" withCloseButton onClose={dismissCleared} data-testid="cart-cleared">
      {t(`${ns}.cartCleared`)}
    </Alert>
  );
}
