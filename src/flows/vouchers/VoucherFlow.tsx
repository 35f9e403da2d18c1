import { PurchaseAuthStep } from '../checkout/PurchaseAuthStep.tsx';
import { Stack } from '@mantine/core';
import { useSnapshot } from 'valtio';
import type { Settings } from '../../api/contract/session.ts';
import type { VouchersForSaleAnswer } from '../../api/contract/vouchers.ts';
import { PurchaseHeader } from '../checkout/PurchaseHeader.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { usePurchaseFlow } from '../checkout/usePurchaseFlow.ts';
import { ChooseStep } from './ChooseStep.tsx';
import { GiftForm } from './GiftForm.tsx';
import { ProductsStep } from './ProductsStep.tsx';
import { createVoucherStore } from './store.ts';
import { VoucherConfirmation } from './VoucherConfirmation.tsx';
import { VoucherSummary } from './VoucherSummary.tsx';

/**
 * The voucher order of spec section 2: choose vouchers → authentication → products → details and
 * payment → confirmation. The state and intents live in the flow's store (store.ts); each step is
 * its own view.
 */
export function VoucherFlow({ settings, forSale }: { settings: Settings; forSale: VouchersForSaleAnswer }) {
  const [store, s] = usePurchaseFlow(() => createVoucherStore(settings, forSale));
  const sent = useSnapshot(store.sent);
  return (
    <Stack gap="md" data-testid="voucher-flow" data-step={s.step}>
      <PurchaseHeader
        settings={settings}
        flow="order_vouchers"
        steps={store.steps}
        step={s.step}
        ns="vouchers"
        notice={s.notice}
        onDismissNotice={store.dismissNotice}
      />
      {s.step === 'choose' ? <ChooseStep store={store} /> : null}
      {s.step === 'auth' ? (
        <PurchaseAuthStep
          ns="vouchers"
          testId="voucher-auth"
          onBack={() => store.back('auth')}
          onForward={() => store.forward('auth')}
        />
      ) : null}
      {s.step === 'products' ? <ProductsStep store={store} /> : null}
      {s.step === 'payment' ? (
        <PurchasePaymentStep
          checkout={store.checkout}
          summary={<VoucherSummary store={store} />}
          onBack={() => store.back('payment')}
          before={<GiftForm store={store} />}
        />
      ) : null}
      {s.step === 'confirmation' && s.answer ? (
        <VoucherConfirmation answer={s.answer} gift={sent.gift} />
      ) : null}
    </Stack>
  );
}
