import type { DonationFund } from '../../api/contract/donations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { paths } from '../../routing/paths.ts';
import { chosenDonations, type DonationLine, purchase, setDonationLine } from '../../state/purchase.ts';
import { createPurchaseFlow } from '../checkout/purchase.ts';
import { cartDonation, checkDonations } from './rules.ts';

/** The steps of the donation order (spec section 2). */
export const donationSteps = ['choose', 'payment', 'confirmation'] as const;
export type DonationStepId = (typeof donationSteps)[number];

export type DonationStore = ReturnType<typeof createDonationStore>;

/**
 * The donation order of spec section 2 as a store: choose donations (a fund's fixed amount or an amount
 * of the donor's within its bounds, and a quantity) → details and payment through the one checkout →
 * confirmation with the donation receipt. The choice lives in the purchase cart (src/state).
 */
export function createDonationStore(settings: Settings, funds: readonly DonationFund[]) {
  const fundOf = (id: number) => funds.find((f) => f.id === id);
  const lines = () => chosenDonations(purchase).filter((l) => fundOf(l.fundId));
  const total = () => lines().reduce((a, l) => a + (l.amount ?? 0) * l.quantity, 0);
  const check = () => checkDonations(lines(), funds);

  const flow = createPurchaseFlow<DonationStepId, { donations: DonationLine[] }>(settings, {
    kind: 'donations',
    path: paths.donations,
    lines: () => ({ donations: lines().map(cartDonation) }),
    total,
    needsDelivery: () => false,
    save: () => ({ donations: purchase.donations }),
    restore(saved) {
      for (const l of saved.donations) setDonationLine(l);
    },
  });
  const { state } = flow;

  function lineOf(fund: DonationFund): DonationLine {
    return (
      purchase.donations.find((l) => l.fundId === fund.id) ?? {
        fundId: fund.id,
        code: fund.Code,
        name: fund.name,
        amountId: null,
        amount: null,
        custom: false,
        quantity: 0,
      }
    );
  }

  /** Changes a fund's line; choosing an amount gives one donation when none was chosen. */
  function edit(fund: DonationFund, patch: Partial<DonationLine>) {
    const next = { ...lineOf(fund), ...patch };
    if (patch.quantity === undefined && next.quantity === 0) next.quantity = 1;
    setDonationLine(next);
    state.notice = null;
  }

  return {
    state,
    settings,
    funds,
    checkout: flow.checkout,
    lineOf,
    lines,
    total,
    problemOf: (fundId: number) => flow.problemOf(fundId, check),
    chooseAmount: (fund: DonationFund, amountId: number) =>
      edit(fund, {
        amountId,
        amount: fund.amounts.find((a) => a.id === amountId)?.amount ?? null,
        custom: false,
      }),
    chooseCustom: (fund: DonationFund) => {
      const line = lineOf(fund);
      edit(fund, { amountId: null, custom: true, amount: line.custom ? line.amount : null });
    },
    setCustomAmount: (fund: DonationFund, amount: number | null) => edit(fund, { amount, custom: true }),
    setQuantity: (fund: DonationFund, quantity: number) => edit(fund, { quantity }),
    touch: flow.touch,
    next: () => flow.next(check, 'errors.mustSelectDonations', 'payment'),
    back: () => flow.goTo('choose'),
    dismissNotice: flow.dismissNotice,
    start: flow.start,
  };
}
