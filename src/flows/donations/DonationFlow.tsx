import { Stack } from '@mantine/core';
import type { DonationFund } from '../../api/contract/donations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { PurchaseHeader } from '../checkout/PurchaseHeader.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { usePurchaseFlow } from '../checkout/usePurchaseFlow.ts';
import { ChooseDonations } from './ChooseDonations.tsx';
import { DonationConfirmation } from './DonationConfirmation.tsx';
import { DonationSummary } from './DonationSummary.tsx';
import { createDonationStore, donationSteps } from './store.ts';

/** The donation order of spec section 2: choose donations → details and payment → confirmation. */
export function DonationFlow({ settings, funds }: { settings: Settings; funds: readonly DonationFund[] }) {
  const [store, s] = usePurchaseFlow(() => createDonationStore(settings, funds));
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
