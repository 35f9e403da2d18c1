import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { DonationFund } from '../../api/contract/donations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { PurchaseHeader } from '../checkout/PurchaseHeader.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { ChooseDonations } from './ChooseDonations.tsx';
import { DonationConfirmation } from './DonationConfirmation.tsx';
import { DonationSummary } from './DonationSummary.tsx';
import { type DonationFlowState, createDonationStore, donationSteps } from './store.ts';

/** The donation order of spec section 2: choose donations → details and payment → confirmation. */
export function DonationFlow({ settings, funds }: { settings: Settings; funds: readonly DonationFund[] }) {
  const [store] = useState(() => createDonationStore(settings, funds));
  // A snapshot is deeply frozen; the cast only drops valtio's deep-readonly types for the views.
  const s = useSnapshot(store.state) as Readonly<DonationFlowState>;
  useEffect(() => store.start(), [store]);
  return (
    <Stack gap="md" data-testid="donation-flow" data-step={s.step}>
      <PurchaseHeader
        settings={settings}
        flow="order_donations"
        steps={donationSteps}
        step={s.step}
        ns="donations"
        notice={s.notice}
        onDismissNotice={store.dismissNotice}
      />
      {s.step === 'choose' ? <ChooseDonations store={store} /> : null}
      {s.step === 'payment' ? (
        <PurchasePaymentStep
          checkout={store.checkout}
          summary={<DonationSummary store={store} />}
          onBack={store.back}
        />
      ) : null}
      {s.step === 'confirmation' && s.answer ? <DonationConfirmation answer={s.answer} /> : null}
    </Stack>
  );
}
