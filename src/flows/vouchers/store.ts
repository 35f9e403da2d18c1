import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { Settings } from '../../api/contract/session.ts';
import type { VoucherOffer, VouchersForSaleAnswer } from '../../api/contract/vouchers.ts';
import {
  chosenProducts,
  chosenVouchers,
  keepVoucherLines,
  type ProductLine,
  purchase,
  setProductLine,
  setVoucherLine,
  type VoucherLine,
} from '../../state/purchase.ts';
import { paths } from '../../routing/paths.ts';
import { proxy } from 'valtio';
import { calendarDate } from '../../domain/venue.ts';
import { session } from '../../state/session.ts';
import { createPurchaseFlow } from '../checkout/purchase.ts';
import {
  canSendAsGift,
  cartGift,
  createGiftDraft,
  type GiftDraft,
  type SentGift,
  giftProblems,
  giftWindow,
} from './gift.ts';
import { cartVoucher, checkChoice, maxQuantity, unitPrice } from './rules.ts';

/** The steps of the voucher order (spec section 2), in the order the customer meets them. */
export const voucherSteps = ['choose', 'auth', 'products', 'payment', 'confirmation'] as const;
export type VoucherStepId = (typeof voucherSteps)[number];

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
  const offerOf = (id: number) => offers.find((o) => o.SystemVoucherId === id);
  /** The chosen vouchers of offers still for sale, and the products with a quantity. */
  const lines = () => chosenVouchers(purchase).filter((l) => offerOf(l.offerId));
  const products = () => chosenProducts(purchase).filter((p) => forSale.products.some((x) => x.id === p.id));
  const total = () =>
    lines().reduce((a, l) => a + (l.unitPrice ?? 0) * l.quantity, 0) +
    products().reduce((a, p) => a + p.price * p.quantity, 0);
  const check = () => checkChoice(lines(), offers);
  /** "Send as a gift" (issue 35): only gift cards; the window of dates from what is chosen now. */
  const gift = createGiftDraft(session.locale);
  const canGift = () => canSendAsGift(lines(), offers);
  const window = () => giftWindow(lines(), offers, Date.now(), settings.timeZone);
  const giftOn = () => gift.on && canGift();
  /** The gift the order completed with, for its confirmation (null: the buyer keeps the cards). */
  const sent = proxy<{ gift: SentGift | null }>({ gift: null });

  const flow = createPurchaseFlow<
    VoucherStepId,
    { vouchers: VoucherLine[]; products: ProductLine[]; gift?: GiftDraft }
  >(settings, {
    kind: 'vouchers',
    path: paths.digital,
    lines: () => ({
      vouchers: lines().map(cartVoucher),
      products: products().map((p) => ({ id: p.id, selectedQuantity: p.quantity })),
      ...(giftOn() ? { gift: cartGift(gift, window()) } : {}),
    }),
    blocked: () =>
      giftOn() && Object.keys(giftProblems(gift, window())).length > 0 ? 'vouchers.gift.fixProblems' : null,
    total,
    needsDelivery: () => products().some((p) => p.isDeliveryRequired),
    completed(answer: CheckoutCompleted) {
      sent.gift = null;
      if (!gift.on) return;
      // Sent only when every voucher of the order is a gift card (as the box office decided it).
      const vouchers = answer.order.vouchers;
      if (vouchers.length === 0 || !vouchers.every((v) => v.isStoredValue)) return;
      const today = calendarDate(Date.now(), settings.timeZone);
      const g = cartGift(gift, { first: today });
      sent.gift = { ...g, today: g.deliverOn <= today };
    },
    save: () => ({ vouchers: purchase.vouchers, products: purchase.products, gift: { ...gift } }),
    restore(saved) {
      for (const l of saved.vouchers) setVoucherLine(l);
      for (const p of saved.products) setProductLine(p);
      if (saved.gift) Object.assign(gift, saved.gift);
    },
  });
  const { state } = flow;

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

  const after = (step: VoucherStepId) => steps[steps.indexOf(step) + 1] ?? 'confirmation';
  const before = (step: VoucherStepId) => steps[Math.max(0, steps.indexOf(step) - 1)] ?? 'choose';

  /** A voucher's own next button (settings.vouchers.isNextButtonPerVoucher): this voucher alone. */
  function nextWith(offer: VoucherOffer) {
    if (lineOf(offer).quantity === 0) edit(offer, { quantity: 1 });
    keepVoucherLines([offer.SystemVoucherId]);
    state.touched[offer.SystemVoucherId] = true;
    const problem = check().problems[offer.SystemVoucherId];
    if (problem) return;
    state.notice = null;
    flow.goTo(after('choose'));
  }

  return {
    state,
    settings,
    /** The checkout's view of this flow (tests read the lines it hands on). */
    host: () => flow.host,
    offers,
    products: forSale.products,
    steps,
    checkout: flow.checkout,
    /** The gift option's draft; `canGift`: whether the choice allows it; `giftWindow`: its dates. */
    gift,
    sent,
    canGift,
    giftWindow: window,
    setGift(patch: Partial<GiftDraft>) {
      Object.assign(gift, patch);
      flow.checkout.state.payError = null;
    },
    lineOf,
    lines,
    chosenProducts: products,
    total,
    problemOf: (offerId: number) => flow.problemOf(offerId, check),
    maxOf: (offer: VoucherOffer) => maxQuantity(offer, lineOf(offer).date),
    choosePrice: (offer: VoucherOffer, priceId: number) => edit(offer, { priceId }),
    setAmount: (offer: VoucherOffer, amount: number | null) => edit(offer, { amount }),
    chooseDate: (offer: VoucherOffer, date: string) => edit(offer, { date }),
    setQuantity: (offer: VoucherOffer, quantity: number) => edit(offer, { quantity }),
    touch: flow.touch,
    setProductQuantity(p: VouchersForSaleAnswer['products'][number], quantity: number) {
      setProductLine({ ...p, quantity });
    },
    /** The list's next button: something must be chosen, and every chosen voucher complete. */
    next: () => flow.next(check, 'errors.mustSelectVouchers', after('choose')),
    nextWith,
    forward: (from: VoucherStepId) => flow.goTo(after(from)),
    back: (from: VoucherStepId) => flow.goTo(before(from)),
    dismissNotice: flow.dismissNotice,
    start: flow.start,
  };
}
