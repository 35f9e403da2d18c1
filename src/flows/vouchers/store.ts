import { proxy } from 'valtio';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { Settings } from '../../api/contract/session.ts';
import type { VoucherOffer, VouchersForSaleAnswer } from '../../api/contract/vouchers.ts';
import { session } from '../../state/session.ts';
import {
  chosenProducts,
  chosenVouchers,
  clearPurchase,
  keepVoucherLines,
  type ProductLine,
  purchase,
  setProductLine,
  setVoucherLine,
  type VoucherLine,
} from '../../state/purchase.ts';
import { paths } from '../../routing/paths.ts';
import { fillFromAccount, flowBlock, purchaseCustomer } from '../checkout/purchase.ts';
import { type CheckoutHost, type CheckoutMessage, createCheckout } from '../checkout/store.ts';
import { cartVoucher, checkChoice, type LineProblem, maxQuantity, unitPrice } from './rules.ts';

/** The steps of the voucher order (spec section 2), in the order the customer meets them. */
export const voucherSteps = ['choose', 'auth', 'products', 'payment', 'confirmation'] as const;
export type VoucherStepId = (typeof voucherSteps)[number];

export interface VoucherFlowState {
  step: VoucherStepId;
  /** The customer tried to go on from the choice: every chosen voucher's problem shows. */
  attempted: boolean;
  /** Offers whose amount field the customer has left once: its problem shows from then on. */
  touched: Record<number, boolean>;
  /** Nothing chosen when going on (`mustSelectVouchers`), or why the flow started over. */
  notice: CheckoutMessage | null;
  answer: CheckoutCompleted | null;
}

export type VoucherStore = ReturnType<typeof createVoucherStore>;

/**
 * The voucher order of spec section 2 as a store: choose vouchers → authentication (the vouchers belong
 * to an account) → products (when the shop sells any) → details and payment through the one checkout
 * → confirmation with each voucher's code. The choice itself lives in the purchase cart (src/state),
 * which the header's cart shows.
 */
export function createVoucherStore(settings: Settings, forSale: VouchersForSaleAnswer) {
  const offers = forSale.vouchers;
  const steps: readonly VoucherStepId[] = voucherSteps.filter(
    (s) => s !== 'products' || forSale.products.length > 0,
  );
  const state = proxy<VoucherFlowState>({
    step: 'choose',
    attempted: false,
    touched: {},
    notice: null,
    answer: null,
  });
  const offerOf = (id: number) => offers.find((o) => o.SystemVoucherId === id);
  /** The chosen vouchers of offers still for sale, and the products with a quantity. */
  const lines = () => chosenVouchers(purchase).filter((l) => offerOf(l.offerId));
  const products = () => chosenProducts(purchase).filter((p) => forSale.products.some((x) => x.id === p.id));
  const total = () =>
    lines().reduce((a, l) => a + (l.unitPrice ?? 0) * l.quantity, 0) +
    products().reduce((a, p) => a + p.price * p.quantity, 0);

  const block = flowBlock(settings, 'vouchers');
  const host: CheckoutHost = {
    lines: () => ({
      vouchers: lines().map(cartVoucher),
      products: products().map((p) => ({ id: p.id, selectedQuantity: p.quantity })),
    }),
    total: () => total(),
    canHold: false,
    block,
    needsDelivery: () => products().some((p) => p.isDeliveryRequired),
    returnPath: () => `${paths.digital}?language=${session.locale}`,
    save: () => ({ vouchers: purchase.vouchers, products: purchase.products }),
    completed(answer) {
      state.answer = answer;
      clearPurchase('vouchers');
      state.step = 'confirmation';
      window.scrollTo({ top: 0 });
    },
    seatsLost: () => restart({ key: 'vouchers.startOver' }),
    restart: (message) => restart(message),
  };
  const checkout = createCheckout(settings, host, purchaseCustomer(block));

  async function restart(message: CheckoutMessage) {
    state.step = 'choose';
    state.notice = message;
    await Promise.resolve();
  }

  /** The line of an offer as it stands (a blank one before the customer touched the offer). */
  function lineOf(offer: VoucherOffer): VoucherLine {
    return (
      purchase.vouchers.find((l) => l.offerId === offer.SystemVoucherId) ?? {
        offerId: offer.SystemVoucherId,
        kind: offer.kind,
        name: offer.name,
        priceId: null,
        amount: null,
        date: null,
        quantity: 0,
        unitPrice: null,
      }
    );
  }

  /**
   * Changes an offer's line. Choosing a price, an amount or a date chooses one voucher when none was;
   * a quantity on an offer with a single price takes that price.
   */
  function edit(offer: VoucherOffer, patch: Partial<VoucherLine>) {
    const next = { ...lineOf(offer), ...patch };
    if (patch.quantity === undefined && next.quantity === 0) next.quantity = 1;
    if (next.quantity > 0 && next.priceId === null && offer.kind !== 'open' && offer.Prices.length === 1)
      next.priceId = offer.Prices[0]!.SystemVoucherPriceId;
    next.unitPrice = unitPrice(next, offer);
    setVoucherLine(next);
    state.notice = null;
  }

  function problemOf(offerId: number): LineProblem | null {
    if (!state.attempted && !state.touched[offerId]) return null;
    return checkChoice(lines(), offers).problems[offerId] ?? null;
  }

  function goTo(step: VoucherStepId) {
    checkout.state.payError = null;
    state.step = step;
    if (step === 'payment') fillFromAccount(checkout);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const after = (step: VoucherStepId) => steps[steps.indexOf(step) + 1] ?? 'confirmation';
  const before = (step: VoucherStepId) => steps[Math.max(0, steps.indexOf(step) - 1)] ?? 'choose';

  /** The list's next button: something must be chosen, and every chosen voucher complete. */
  function next() {
    state.attempted = true;
    const c = checkChoice(lines(), offers);
    if (c.mustSelect) {
      state.notice = { key: 'errors.mustSelectVouchers' };
      return;
    }
    if (Object.keys(c.problems).length) return;
    state.notice = null;
    goTo(after('choose'));
  }

  /** A voucher's own next button (settings.vouchers.isNextButtonPerVoucher): this voucher alone. */
  function nextWith(offer: VoucherOffer) {
    if (lineOf(offer).quantity === 0) edit(offer, { quantity: 1 });
    keepVoucherLines([offer.SystemVoucherId]);
    state.touched[offer.SystemVoucherId] = true;
    const problem = checkChoice(lines(), offers).problems[offer.SystemVoucherId];
    if (problem) return;
    state.notice = null;
    goTo(after('choose'));
  }

  /**
   * On mount: back from PayPal or a payment page the flow returns to its payment step with what it
   * held, and the checkout learns the payment's outcome.
   */
  function start() {
    const params = new URLSearchParams(window.location.search);
    const saved = checkout.savedFlow(params) as { vouchers: VoucherLine[]; products: ProductLine[] } | null;
    if (saved) {
      for (const l of saved.vouchers) setVoucherLine(l);
      for (const p of saved.products) setProductLine(p);
      state.step = 'payment';
    }
    if (params.get('checkout')) {
      window.history.replaceState(window.history.state, '', `${paths.digital}?language=${session.locale}`);
      if (saved) void checkout.resume(params);
    }
  }

  return {
    state,
    settings,
    /** The checkout's view of this flow (tests read the lines it hands on). */
    host: () => host,
    offers,
    products: forSale.products,
    steps,
    checkout,
    lineOf,
    lines,
    chosenProducts: products,
    total,
    problemOf,
    maxOf: (offer: VoucherOffer) => maxQuantity(offer, lineOf(offer).date),
    choosePrice: (offer: VoucherOffer, priceId: number) => edit(offer, { priceId }),
    setAmount: (offer: VoucherOffer, amount: number | null) => edit(offer, { amount }),
    chooseDate: (offer: VoucherOffer, date: string) => edit(offer, { date }),
    setQuantity: (offer: VoucherOffer, quantity: number) => edit(offer, { quantity }),
    touch(offerId: number) {
      state.touched[offerId] = true;
    },
    setProductQuantity(p: VouchersForSaleAnswer['products'][number], quantity: number) {
      setProductLine({ ...p, quantity });
    },
    next,
    nextWith,
    forward: (from: VoucherStepId) => goTo(after(from)),
    back: (from: VoucherStepId) => goTo(before(from)),
    dismissNotice() {
      state.notice = null;
    },
    start,
  };
}
