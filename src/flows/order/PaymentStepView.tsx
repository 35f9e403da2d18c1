import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocale } from '../../ui/useLocale.ts';
import { CheckoutStep, payLabel } from '../checkout/CheckoutStep.tsx';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';

/** Step 4: details and payment, by the one checkout every flow shares. */
export function PaymentStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const c = useSnapshot(store.checkout.state);
  return (
    <StepLayout
      summary={<FlowSummary presentation={store.presentation} s={s} d={d} isHold={c.isHold} />}
      nav={
        <>
          <BackButton store={store} to="products" disabled={c.paying} />
          <Button
            onClick={() => void store.checkout.pay()}
            loading={c.paying || c.redirecting}
            data-testid="pay"
          >
            {payLabel(t, store.checkout, c.isHold, locale)}
          </Button>
        </>
      }
    >
      <CheckoutStep checkout={store.checkout} firstEventAt={store.presentation.dateTime} />
    </StepLayout>
  );
}
