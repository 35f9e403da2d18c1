import { useSnapshot } from 'valtio';
import { purchase } from '../../state/purchase.ts';
import { PurchaseChoice } from '../checkout/PurchaseChoice.tsx';
import { DonationCard } from './DonationCard.tsx';
import type { DonationStore } from './store.ts';

/** Step 1: the funds, laid out as the venue's list mode says, and the next button. */
export function ChooseDonations({ store }: { store: DonationStore }) {
  useSnapshot(store.state);
  useSnapshot(purchase);
  const layout = store.settings.listModes.donations;
  return (
    <PurchaseChoice
      ns="donations"
      layout={layout}
      testId="donation-list"
      chosenTotal={store.lines().length ? store.total() : null}
      onNext={store.next}
    >
      {store.funds.map((fund) => (
        <DonationCard
          key={fund.id}
          store={store}
          fund={fund}
          line={store.lineOf(fund)}
          problem={store.problemOf(fund.id)}
          layout={layout}
        />
      ))}
    </PurchaseChoice>
  );
}
