import { proxy } from 'valtio';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { DonationFund } from '../../api/contract/donations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { paths } from '../../routing/paths.ts';
import {
  chosenDonations,
  clearPurchase,
  type DonationLine,
  purchase,
  setDonationLine,
} from '../../state/purchase.ts';
import { session } from '../../state/session.ts';
import { fillFromAccount, flowBlock, purchaseCustomer } from '../checkout/purchase.ts';
import { type CheckoutHost, type CheckoutMessage, createCheckout } from '../checkout/store.ts';
import { cartDonation, checkDonations, type DonationProblem } from './rules.ts';

/** The steps of the donation order (spec section 2). */
export const donationSteps = ['choose', 'payment', 'confirmation'] as const;
export type DonationStepId = (typeof donationSteps)[number];

export interface DonationFlowState {
  step: DonationStepId;
  attempted: boolean;
  touched: Record<number, boolean>;
  notice: CheckoutMessage | null;
  answer: CheckoutCompleted | null;
}

export type DonationStore = ReturnType<typeof createDonationStore>;

/**
 * The donation order of spec section 2 as a store: choose donations (a fund's fixed amount or an amount
 * of the donor's within its bounds, and a quantity) → details and payment through the one checkout →
 * confirmation with the donation receipt. The choice lives in the purchase cart (src/state).
 */
export function createDonationStore(settings: Settings, funds: readonly DonationFund[]) {
  const state = proxy<DonationFlowState>({
    step: 'choose',
    attempted: false,
    touched: {},
    notice: null,
    answer: null,
  });
  const fundOf = (id: number) => funds.find((f) => f.id === id);
  const lines = () => chosenDonations(purchase).filter((l) => fundOf(l.fundId));
  const total = () => lines().reduce((a, l) => a + (l.amount ?? 0) * l.quantity, 0);

  const block = flowBlock(settings, 'donations');
  const host: CheckoutHost = {
    lines: () => ({ donations: lines().map(cartDonation) }),
    total: () => total(),
    canHold: false,
    block,
    needsDelivery: () => false,
    returnPath: () => `${paths.donations}?language=${session.locale}`,
    save: () => ({ donations: purchase.donations }),
    completed(answer) {
      state.answer = answer;
      clearPurchase('donations');
      state.step = 'confirmation';
      window.scrollTo({ top: 0 });
    },
    seatsLost: () => restart({ key: 'donations.startOver' }),
    restart: (message) => restart(message),
  };
  const checkout = createCheckout(settings, host, purchaseCustomer(block));

  async function restart(message: CheckoutMessage) {
    state.step = 'choose';
    state.notice = message;
    await Promise.resolve();
  }

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

  function goTo(step: DonationStepId) {
    checkout.state.payError = null;
    state.step = step;
    if (step === 'payment') fillFromAccount(checkout);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function next() {
    state.attempted = true;
    const c = checkDonations(lines(), funds);
    if (c.mustSelect) {
      state.notice = { key: 'errors.mustSelectDonations' };
      return;
    }
    if (Object.keys(c.problems).length) return;
    state.notice = null;
    goTo('payment');
  }

  function problemOf(fundId: number): DonationProblem | null {
    if (!state.attempted && !state.touched[fundId]) return null;
    return checkDonations(lines(), funds).problems[fundId] ?? null;
  }

  /** Back from PayPal or a payment page: the payment step again, and the payment's outcome. */
  function start() {
    const params = new URLSearchParams(window.location.search);
    const saved = checkout.savedFlow(params) as { donations: DonationLine[] } | null;
    if (saved) {
      for (const l of saved.donations) setDonationLine(l);
      state.step = 'payment';
    }
    if (params.get('checkout')) {
      window.history.replaceState(window.history.state, '', `${paths.donations}?language=${session.locale}`);
      if (saved) void checkout.resume(params);
    }
  }

  return {
    state,
    settings,
    funds,
    checkout,
    lineOf,
    lines,
    total,
    problemOf,
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
    touch(fundId: number) {
      state.touched[fundId] = true;
    },
    next,
    back: () => goTo('choose'),
    dismissNotice() {
      state.notice = null;
    },
    start,
  };
}
