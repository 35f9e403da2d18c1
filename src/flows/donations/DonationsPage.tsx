import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { LIST_KEYS } from '../../ssr/pageData.ts';
import { DonationFlow } from './DonationFlow.tsx';

/** /donations: the donation order, or `noDonations` when no fund takes donations. */
export default function DonationsPage() {
  const { t } = useTranslation();
  const { settings } = useSnapshot(session);
  const state = useAsync(() => api.donations(), LIST_KEYS.donations);
  if (state.status === 'loading' || !settings) return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (state.status === 'error') {
    const none = state.error instanceof ApiCallError && state.error.code === 'noDonations';
    return (
      <Alert color={none ? 'gray' : 'red'} data-testid={none ? 'no-donations' : 'load-error'}>
        {none ? t('errors.noDonations') : errorText(t, state.error)}
      </Alert>
    );
  }
  if (state.data.donations.length === 0)
    return (
      <Alert color="gray" data-testid="no-donations">
        {t('errors.noDonations')}
      </Alert>
    );
  return <DonationFlow settings={settings as Settings} funds={state.data.donations} />;
}
