import { useSnapshot } from 'valtio';
import { purchase } from '../../state/purchase.ts';
import { PurchaseChoice } from '../checkout/PurchaseChoice.tsx';
import type { VoucherStore } from './store.ts';
import { VoucherCard } from './VoucherCard.tsx';

/**
 * Step 1: the vouchers for sale, laid out as the venue's list mode says (grid or list), each with its
 * price, date and quantity; one next button for the list, or one per voucher (settings).
 */
export function ChooseStep({ store }: { store: VoucherStore }) {
  useSnapshot(store.state);
  useSnapshot(purchase);
  const layout = store.settings.listModes.vouchers;
  const ownNext = store.settings.vouchers.isNextButtonPerVoucher;
  return (
    <PurchaseChoice
      ns="vouchers"
      layout={layout}
      testId="voucher-list"
      chosenTotal={store.lines().length ? store.total() : null}
      onNext={ownNext ? null : store.next}
    >
      {store.offers.map((offer) => (
        <VoucherCard
          key={offer.SystemVoucherId}
          store={store}
          offer={offer}
          line={store.lineOf(offer)}
          problem={store.problemOf(offer.SystemVoucherId)}
          max={store.maxOf(offer)}
          layout={layout}
          ownNext={ownNext}
        />
      ))}
    </PurchaseChoice>
  );
}
