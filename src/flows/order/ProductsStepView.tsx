import { useTranslation } from 'react-i18next';
import { ProductStep } from './ProductStep.tsx';
import type { DerivedOrder } from './selectors.ts';
import { BackButton, FlowSummary, NextButton, StepLayout } from './StepLayout.tsx';
import type { OrderSnapshot, OrderStore } from './store.ts';

/** Step 3: add-on products with quantities. */
export function ProductsStepView({ store, s, d }: { store: OrderStore; s: OrderSnapshot; d: DerivedOrder }) {
  const { t } = useTranslation();
  const p = store.presentation;
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
      <ProductStep products={p.products} quantities={s.products} onChange={store.setProductQuantity} />
    </StepLayout>
  );
}
