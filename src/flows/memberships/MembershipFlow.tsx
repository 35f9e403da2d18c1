import { PurchaseAuthStep } from '../checkout/PurchaseAuthStep.tsx';
import { Stack } from '@mantine/core';
import type { MembershipForSale } from '../../api/contract/memberships.ts';
import type { Settings } from '../../api/contract/session.ts';
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
 * seats) → log in → details and payment → confirmation with the member numbers and a printable card.
 * Texts and step names follow the `order_memberships` flow texts of the settings.
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
      {s.step === 'payment' ? (
        <PurchasePaymentStep
          checkout={store.checkout}
          summary={<MembershipSummary store={store} />}
          onBack={() => store.back('payment')}
        />
      ) : null}
      {s.step === 'confirmation' && s.answer ? <MembershipConfirmation answer={s.answer} /> : null}
    </Stack>
  );
}
