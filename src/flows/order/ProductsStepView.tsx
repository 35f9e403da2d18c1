import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DonationOffer } from './DonationOffer.tsx';
import { offeredFund } from './donation.ts';
import { ProductStep } from './ProductStep.tsx';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, NextButton, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';

/** Step 3: add-on products with quantities, and a donation where the venue offers one. */
export function ProductsStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const p = store.presentation;
  useEffect(() => void store.loadDonations(), [store]);
  const fund = store.settings.donations.isOfferedInOrder ? offeredFund(s.donationFunds, p) : null;
  return (
    <StepLayout
      summary={<FlowSummary presentation={p} s={s} d={d} />}
      nav={
        <>
          <BackButton store={store} to="tickets" disabled={false} />
          <NextButton store={store} to="payment" label={t('order.toPayment')} disabled={false} />
        </>
      }
    >
      <Stack gap="md">
        <ProductStep products={p.products} quantities={s.products} onChange={store.setProductQuantity} />
        {fund ? <DonationOffer fund={fund} value={s.donation} onChange={store.setDonation} /> : null}
      </Stack>
    </StepLayout>
  );
}
