import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Settings } from '../../api/contract/session.ts';
import { customerState } from '../../state/customer.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { enrollApi } from './api.ts';
import { EnrolmentFlow } from './EnrolmentFlow.tsx';

/** /enroll/{membershipCode}: the fixed-seat season enrolment, or why it cannot be bought (GENERAL_ERROR). */
export default function EnrolmentPage() {
  const { t } = useTranslation();
  const { membershipCode = '' } = useParams();
  const { settings } = useSnapshot(session);
  // Read once the customer's login is known: a logged-in customer is offered last season's seat.
  const { checked } = useSnapshot(customerState);
  const state = useAsync(
    (signal) => (checked ? enrollApi.membership(membershipCode, signal) : new Promise<never>(() => {})),
    `enroll:${membershipCode}:${checked}`,
  );
  if (state.status === 'error')
    return (
      <Alert color="red" data-testid="load-error">
        {errorText(t, state.error)}
      </Alert>
    );
  if (!settings || !state.data) return <Skeleton height={320} radius="md" aria-busy="true" />;
  return (
    <EnrolmentFlow key={state.data.MembershipId} settings={settings as Settings} membership={state.data} />
  );
}
