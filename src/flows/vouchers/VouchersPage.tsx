import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { LIST_KEYS } from '../../ssr/pageData.ts';
import { VoucherFlow } from './VoucherFlow.tsx';

/** /digital (and /system-vouchers): the voucher shop, or `noVouchers` when nothing is for sale. */
export default function VouchersPage() {
  const { t } = useTranslation();
  const { settings } = useSnapshot(session);
  const state = useAsync(() => api.vouchersForSale(), LIST_KEYS.vouchers);
  if (state.status === 'loading' || !settings) return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (state.status === 'error') {
    const none = state.error instanceof ApiCallError && state.error.code === 'noVouchers';
    return (
      <Alert color={none ? 'gray' : 'red'} data-testid={none ? 'no-vouchers' : 'load-error'}>
        {none ? t('errors.noVouchers') : errorText(t, state.error)}
      </Alert>
    );
  }
  if (state.data.vouchers.length === 0)
    return (
      <Stack>
        <Alert color="gray" data-testid="no-vouchers">
          {t('errors.noVouchers')}
        </Alert>
      </Stack>
    );
  return <VoucherFlow settings={settings as Settings} forSale={state.data} />;
}
