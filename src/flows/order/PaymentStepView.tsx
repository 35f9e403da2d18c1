import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocale } from '../../ui/useLocale.ts';
import { CheckoutStep, payLabel } from '../checkout/CheckoutStep.tsx';
import { PaymentSplitSummary } from '../checkout/PaymentSplitSummary.tsx';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';
import { hasVoucherSeats } from './ticketCodes.ts';

// The waiver (and its signature pad) loads only for presentations that need one.
const WaiverForm = lazy(() => import('./waiver/WaiverForm.tsx').then((m) => ({ default: m.WaiverForm })));

/** Step 4: details and payment, by the one checkout every flow shares; a waiver to sign first, if any. */
export function PaymentStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const c = useSnapshot(store.checkout.state);
  // Gift cards typed on the ticket step pay here by themselves (again after a hold is switched off).
  useEffect(() => {
    if (!c.isHold) store.applyGiftCards();
  }, [store, c.isHold]);
  // The box office refuses voucher tickets in a hold order (spec section 4): say so before paying.
  const voucherHold = c.isHold && hasVoucherSeats(s.seats, s.codes);
  return (
    <StepLayout
      summary={
        <Stack gap="md">
          <FlowSummary presentation={store.presentation} s={s} d={d} isHold={c.isHold} />
          <PaymentSplitSummary checkout={store.checkout} />
        </Stack>
      }
      nav={
        <>
          <BackButton store={store} to="products" disabled={c.paying} />
          <Button
            onClick={() => void store.checkout.pay()}
            loading={c.paying || c.redirecting}
            disabled={voucherHold}
            data-testid="pay"
          >
            {payLabel(t, store.checkout, c.isHold, locale)}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {voucherHold ? (
          <Alert
            color="orange"
            role="alert"
            title={t('errors.voucher_ticket_not_on_hold')}
            data-testid="voucher-hold"
          >
            {t('ticketCodes.holdHint')}
          </Alert>
        ) : null}
        {store.waiver ? (
          <Suspense fallback={<Skeleton height={320} radius="md" />}>
            <WaiverForm store={store} s={s} />
          </Suspense>
        ) : null}
        <CheckoutStep checkout={store.checkout} firstEventAt={store.presentation.dateTime} />
      </Stack>
    </StepLayout>
  );
}
