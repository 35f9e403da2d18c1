import { useSnapshot } from 'valtio';
import { customerState } from '../../state/customer.ts';
import { PurchaseLoginPrompt } from '../checkout/PurchaseAuthStep.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { EnrolmentSummary } from './EnrolmentSummary.tsx';
import type { EnrolmentStore } from './store.ts';

/** Step 5: details and payment by the one checkout; a subscriber logs in first (the enrolment is theirs). */
export function PaymentStep({ store }: { store: EnrolmentStore }) {
  const { customer } = useSnapshot(customerState);
  if (!customer)
    return (
      <PurchaseLoginPrompt ns="enrolment" testId="enrolment-auth" onBack={() => store.back('payment')} />
    );
  return (
    <PurchasePaymentStep
      checkout={store.checkout}
      summary={<EnrolmentSummary store={store} />}
      onBack={() => store.back('payment')}
    />
  );
}
