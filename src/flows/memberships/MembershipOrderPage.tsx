import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { Settings } from '../../api/contract/session.ts';
import { customerState } from '../../state/customer.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { membershipApi } from './api.ts';
import { MembershipFlow } from './MembershipFlow.tsx';

/**
 * /membership/{membershipCode}[/{membershipPriceCode}]: the membership order; a price code in the path
 * shows its hidden price (priceNotFound when it has none).
 */
export default function MembershipOrderPage() {
  const { t } = useTranslation();
  const { membershipCode = '', membershipPriceCode } = useParams();
  const { settings } = useSnapshot(session);
  const { search } = useLocation();
  // The flow's steps are fixed when it starts (no login step for a logged-in customer): once the
  // customer's login is known.
  const { checked } = useSnapshot(customerState);
  const state = useAsync(
    async (signal) => {
      const [one, list] = await Promise.all([
        membershipApi.one(membershipCode, membershipPriceCode ?? null, signal),
        membershipApi.list(signal),
      ]);
      return { membership: one.membership, catalogue: list.memberships };
    },
    `${membershipCode}/${membershipPriceCode ?? ''}`,
  );
  if (state.status === 'loading' || !settings || !checked)
    return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (state.status === 'error') {
    const code = state.error instanceof ApiCallError ? state.error.code : null;
    return (
      <Stack>
        <Alert color={code === 'priceNotFound' ? 'orange' : 'red'} data-testid="membership-error">
          {errorText(t, state.error)}
        </Alert>
        <Anchor component={Link} to="/membership">
          {t('memberships.toList')}
        </Anchor>
      </Stack>
    );
  }
  // A season enrolment has its own order (/enroll/{code}).
  if (state.data.membership.isEnrolment)
    return (
      <Navigate
        to={{ pathname: `/enroll/${encodeURIComponent(state.data.membership.Code)}`, search }}
        replace
      />
    );
  const path = membershipPriceCode
    ? `/membership/${encodeURIComponent(membershipCode)}/${encodeURIComponent(membershipPriceCode)}`
    : `/membership/${encodeURIComponent(membershipCode)}`;
  return (
    <MembershipFlow
      key={path}
      settings={settings as Settings}
      membership={state.data.membership}
      catalogue={state.data.catalogue}
      path={path}
    />
  );
}
