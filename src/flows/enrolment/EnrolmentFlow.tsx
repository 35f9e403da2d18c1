import { Stack } from '@mantine/core';
import type { EnrolmentMembership } from '../../api/contract/enrolment.ts';
import type { Settings } from '../../api/contract/session.ts';
import { PurchaseHeader } from '../checkout/PurchaseHeader.tsx';
import { usePurchaseFlow } from '../checkout/usePurchaseFlow.ts';
import { EnrolmentConfirmation } from './EnrolmentConfirmation.tsx';
import { EventsStep } from './EventsStep.tsx';
import { FixedSeatStep } from './FixedSeatStep.tsx';
import { HoldTimer } from './HoldTimer.tsx';
import { PaymentStep } from './PaymentStep.tsx';
import { SeatsStep } from './SeatsStep.tsx';
import { createEnrolmentStore } from './store.ts';
import { TariffStep } from './TariffStep.tsx';

/**
 * The season enrolment of spec section 2: fixed seat → tariffs → choice events → seats in events →
 * details and payment → confirmation. The state and intents live in the flow's store (store.ts).
 */
export function EnrolmentFlow({
  settings,
  membership,
}: {
  settings: Settings;
  membership: EnrolmentMembership;
}) {
  const [store, s] = usePurchaseFlow(() => createEnrolmentStore(settings, membership));
  // A restart (the seats were lost) goes back to the first step the membership has.
  const step = s.step === 'choose' && membership.IsSkipMemberSeat ? 'tariff' : s.step;
  return (
    <Stack gap="md" data-testid="enrolment-flow" data-step={step}>
      <PurchaseHeader
        settings={settings}
        flow="enroll_memberships"
        steps={store.steps}
        step={step}
        ns="enrolment"
        notice={s.notice}
        onDismissNotice={store.dismissNotice}
      />
      {step === 'seats' || step === 'payment' ? <HoldTimer store={store} /> : null}
      {step === 'choose' ? <FixedSeatStep store={store} /> : null}
      {step === 'tariff' ? <TariffStep store={store} /> : null}
      {step === 'events' ? <EventsStep store={store} /> : null}
      {step === 'seats' ? <SeatsStep store={store} /> : null}
      {step === 'payment' ? <PaymentStep store={store} /> : null}
      {step === 'confirmation' && s.answer ? <EnrolmentConfirmation store={store} answer={s.answer} /> : null}
    </Stack>
  );
}
