import { proxy } from 'valtio';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { CustomerInfo } from '../../api/contract/order.ts';
import type { OrderCustomerInfoBlock, Settings } from '../../api/contract/session.ts';
import { purchaseBlock } from '../../domain/purchaseBlock.ts';
import { cart } from '../../state/cart.ts';
import { customerState } from '../../state/customer.ts';
import { clearPurchase, type PurchaseKind } from '../../state/purchase.ts';
import { session } from '../../state/session.ts';
import { detailsOfAccount } from './request.ts';
import { type CheckoutHost, type CheckoutMessage, type CheckoutStore, createCheckout } from './store.ts';
import { scrollPageTo } from '../../ui/scroll.ts';

/**
 * A purchase flow's customer-info block (vouchers, donations) as the checkout's form takes it: the
 * same function the box office checks the commit with (src/domain/purchaseBlock.ts).
 */
export function flowBlock(settings: Settings, kind: PurchaseKind): OrderCustomerInfoBlock {
  return purchaseBlock(settings.customerInfo, kind);
}

/**
 * What the checkout's form starts with in a purchase flow: the logged-in customer's details, then those
 * of this session's last order (the customer typed them), the terms and mailing defaults.
 */
export function purchaseCustomer(block: OrderCustomerInfoBlock): CustomerInfo {
  return {
    ...detailsOfAccount(customerState.customer),
    ...cart.customerInfo,
    termsAccepted: block.isTermsConfirmed,
    isMailingAllowed: block.isDefaultMailingAllowed,
  };
}

/** After a login inside the flow: the account's details fill what the form still lacks. */
export function fillFromAccount(checkout: CheckoutStore): void {
  const mine = detailsOfAccount(customerState.customer);
  for (const [k, v] of Object.entries(mine) as [keyof CustomerInfo, never][])
    if (!checkout.state.customer[k]) checkout.state.customer[k] = v;
}

/** The steps every purchase flow has: the choice first, then the checkout's payment, the confirmation last. */
export type PurchaseBaseStep = 'choose' | 'payment' | 'confirmation';

export interface PurchaseFlowState<Step extends string> {
  step: Step | PurchaseBaseStep;
  /** The customer tried to go on from the choice: every chosen line's problem shows. */
  attempted: boolean;
  /** Lines (by offer or fund) whose amount field the customer has left once: its problem shows from then on. */
  touched: Record<number, boolean>;
  /** Nothing chosen when going on (`mustSelect…`), or why the flow started over. */
  notice: CheckoutMessage | null;
  answer: CheckoutCompleted | null;
}

/** What a purchase flow (vouchers, donations) tells the checkout beyond what they all share. */
export interface PurchaseFlowSpec<Saved> {
  /**
   * The purchase cart the flow fills (src/state/purchase.ts); its texts are `${kind}.…`. A video is an
   * order of the presentation cart (src/state/cart.ts): its form follows the order block.
   */
  kind: PurchaseKind | 'video';
  /** The flow's page: payment pages and wallets send the customer back here, in the customer's language. */
  path: string;
  lines: CheckoutHost['lines'];
  total(): number;
  /** A currency other than the venue's the cart is priced in (absent or null: the venue's). */
  currency?(): string | null;
  needsDelivery(): boolean;
  /** What the flow keeps across a payment page, and how it takes it back on return. */
  save(): Saved;
  restore(saved: Saved): void;
  /** After the order completed, beyond emptying the flow's purchase cart. */
  completed?(answer: CheckoutCompleted): void;
  /** What of the flow's own form still stops the payment: a message key, or null (CheckoutHost.blocked). */
  blocked?(): string | null;
}

/** A check of the choice as the next button makes it: nothing chosen, or each chosen line's problem. */
export interface ChoiceCheck<Problem> {
  mustSelect: boolean;
  problems: Record<number, Problem>;
}

/**
 * What the purchase flows share: the flow's state, the one checkout with the flow as its host (no hold,
 * the flow's page to come back to, the cart emptied on completion, the choice again on a restart), the
 * move between steps, the next button's check, and the return from PayPal or a payment page.
 */
export function createPurchaseFlow<Step extends string, Saved>(
  settings: Settings,
  spec: PurchaseFlowSpec<Saved>,
) {
  const state = proxy<PurchaseFlowState<Step>>({
    step: 'choose',
    attempted: false,
    touched: {},
    notice: null,
    answer: null,
  });
  const page = () => `${spec.path}?language=${session.locale}`;

  async function restart(message: CheckoutMessage) {
    state.step = 'choose';
    state.notice = message;
    await Promise.resolve();
  }

  const block = spec.kind === 'video' ? settings.customerInfo.order : flowBlock(settings, spec.kind);
  const host: CheckoutHost = {
    lines: () => spec.lines(),
    total: () => spec.total(),
    currency: () => spec.currency?.() ?? null,
    canHold: false,
    block,
    needsDelivery: () => spec.needsDelivery(),
    returnPath: page,
    save: () => spec.save(),
    completed(answer) {
      state.answer = answer;
      if (spec.kind !== 'video') clearPurchase(spec.kind);
      spec.completed?.(answer);
      state.step = 'confirmation';
      window.scrollTo({ top: 0 });
    },
    seatsLost: () => restart({ key: `${spec.kind}.startOver` }),
    restart,
    blocked: () => spec.blocked?.() ?? null,
  };
  const checkout = createCheckout(settings, host, purchaseCustomer(block));

  function goTo(step: Step | PurchaseBaseStep) {
    checkout.state.payError = null;
    state.step = step;
    if (step === 'payment') fillFromAccount(checkout);
    void scrollPageTo(0);
  }

  /** The list's next button: something must be chosen (else `mustSelect`), and every chosen line complete. */
  function next<P>(check: () => ChoiceCheck<P>, mustSelect: string, to: Step | PurchaseBaseStep) {
    state.attempted = true;
    const c = check();
    if (c.mustSelect) {
      state.notice = { key: mustSelect };
      return;
    }
    if (Object.keys(c.problems).length) return;
    state.notice = null;
    goTo(to);
  }

  /** A line's problem once it shows: after an attempt to go on, or once the customer left its field. */
  function problemOf<P>(id: number, check: () => ChoiceCheck<P>): P | null {
    if (!state.attempted && !state.touched[id]) return null;
    return check().problems[id] ?? null;
  }

  /**
   * On mount: back from PayPal or a payment page the flow returns to its payment step with what it
   * held, and the checkout learns the payment's outcome.
   */
  function start() {
    const params = new URLSearchParams(window.location.search);
    const saved = checkout.savedFlow(params) as Saved | null;
    if (saved) {
      spec.restore(saved);
      state.step = 'payment';
    }
    if (params.get('checkout')) {
      window.history.replaceState(window.history.state, '', page());
      if (saved) void checkout.resume(params);
    }
  }

  return {
    state,
    host,
    checkout,
    goTo,
    next,
    problemOf,
    start,
    touch(id: number) {
      state.touched[id] = true;
    },
    dismissNotice() {
      state.notice = null;
    },
  };
}
