import { Stack } from '@mantine/core';
import { useSnapshot } from 'valtio';
import type { MembershipForSale } from '../../api/contract/memberships.ts';
import type { Settings } from '../../api/contract/session.ts';
import { customerState } from '../../state/customer.ts';
import { PurchaseAuthStep, PurchaseLoginPrompt } from '../checkout/PurchaseAuthStep.tsx';
import { PurchaseHeader } from '../checkout/PurchaseHeader.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { usePurchaseFlow } from '../checkout/usePurchaseFlow.ts';
import { ChooseStep } from './ChooseStep.tsx';
import { MembershipConfirmation } from './MembershipConfirmation.tsx';
import { MembershipSummary } from './MembershipSummary.tsx';
import { SeatsStep } from './SeatsStep.tsx';
import { createMembershipStore } from './store.ts';

/**
 * The membership order of spec section 2: choose memberships → choose seats (memberships that carry
 * seats) → log in (only for a customer not logged in when the flow starts) → details and payment →
 * confirmation with the member numbers, a printable card and a series' seat and concerts. Texts and
 * step names follow the `order_memberships` flow texts of the settings.
 */
export function MembershipFlow({
  settings,
  membership,
  catalogue,
  path,
}: {
  settings: Settings;
  membership: MembershipForSale;
  catalogue: readonly MembershipForSale[];
  path: string;
}) {
  const [store, s] = usePurchaseFlow(() => createMembershipStore(settings, membership, catalogue, path));
  const { customer } = useSnapshot(customerState);
  return (
    <Stack gap="md" data-testid="membership-flow" data-step={s.step}>
      <PurchaseHeader
        settings={settings}
        flow="order_memberships"
        steps={store.steps()}
        step={s.step}
        ns="memberships"
        notice={s.notice}
        onDismissNotice={store.dismissNotice}
      />
      {s.step === 'choose' ? <ChooseStep store={store} /> : null}
      {s.step === 'seats' ? <SeatsStep store={store} /> : null}
      {s.step === 'auth' ? (
        <PurchaseAuthStep
          ns="memberships"
          testId="membership-auth"
          onBack={() => store.back('auth')}
          onForward={() => store.forward('auth')}
        />
      ) : null}
      {s.step === 'payment' && !customer ? (
        // Logged out on the way (no login step for whoever was logged in): the login comes here.
        <PurchaseLoginPrompt ns="memberships" testId="membership-auth" onBack={() => store.back('payment')} />
      ) : null}
      {s.step === 'payment' && customer ? (
        <PurchasePaymentStep
          checkout={store.checkout}
          summary={<MembershipSummary store={store} />}
          onBack={() => store.back('payment')}
        />
      ) : null}
      {s.step === 'confirmation' && s.answer ? (
        <MembershipConfirmation store={store} answer={s.answer} />
      ) : null}
    </Stack>
  );
}
