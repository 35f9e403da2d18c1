import { proxy } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { CheckoutAction, CheckoutAnswer } from '../../api/contract/checkout.ts';
import type { CommitBody, CustomerInfo, DeliveryAddress, PaymentMethod } from '../../api/contract/order.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { allowedPayments } from '../../domain/order/tickets.ts';
import { customerState } from '../../state/customer.ts';
import { afterCompletion } from './completion.ts';
import { type CardErrors, type CardValue, emptyCard } from './CardForm.tsx';
import { type FormMessage, serverFieldMessages } from './fieldMessage.ts';
import { clearRedirect, loadRedirect, saveRedirect } from './persist.ts';
import {
  addressOf,
  checkoutProblems,
  commitBody,
  customerMayHold,
  defaultMethod,
  fillBlanks,
  followAddress,
  withLang,
} from './request.ts';

/** A message the checkout shows: a text key, or a failed call (translated from its catalogue code). */
export type CheckoutMessage = { key: string } | { error: unknown };

import type { CheckoutHost } from './host.ts';
import { providerCardFields } from './providerCard.ts';

export type { CheckoutHost, CheckoutLines } from './host.ts';

export interface AppliedVoucher {
  /** The code typed; for one of the customer's own gift cards, its masked code (the shop never has it). */
  reference: string;
  name: Record<string, string>;
  balance: number;
  amount: number;
  /** One of the logged-in customer's own gift cards (GET /customer-area/gift-cards): paid by this id. */
  giftCardId?: string;
}

export interface CheckoutState {
  customer: CustomerInfo;
  /** Where products sent by post go; follows the customer's own address fields until edited. */
  delivery: Required<DeliveryAddress>;
  /** Fields the customer has left once: their messages show before the first attempt to pay. */
  touched: Record<string, boolean>;
  method: PaymentMethod;
  card: CardValue;
  /** The card typed into the provider's own fields, as the provider's token (sent instead of a card). */
  cardToken: string | null;
  saveCard: boolean;
  savedCardId: string | null;
  blikCode: string;
  isHold: boolean;
  vouchers: AppliedVoucher[];
  submitted: boolean;
  /** The box office's field error from the last attempt, until the customer edits that form. */
  serverErrors: { form: Record<string, FormMessage>; card: CardErrors };
  paying: boolean;
  payError: CheckoutMessage | null;
  /** Premium seats were refused for a hold: the customer may switch to a normal order. */
  premiumHoldRefused: boolean;
  /** The payment waits for the customer (3-D Secure, Blik): the secure-payment dialog shows it. */
  action: CheckoutAction | null;
  /** On the way to a wallet or a payment page. */
  redirecting: boolean;
  holdLoginOpen: boolean;
}

export type CheckoutStore = ReturnType<typeof createCheckout>;

/**
 * The one checkout every flow uses (spec section 2, details and payment): the customer's details, the
 * terms, the order type (a hold for members), vouchers, the payment method and its dialogs, and the
 * commit with its idempotency key. The box office checks and prices everything again.
 */
export function createCheckout(settings: Settings, host: CheckoutHost, customer: CustomerInfo) {
  const state = proxy<CheckoutState>({
    customer,
    delivery: addressOf(customer),
    touched: {},
    method: defaultMethod(settings),
    card: { ...emptyCard },
    cardToken: null,
    saveCard: settings.payment.isSaveCardDefault,
    savedCardId: null,
    blikCode: '',
    isHold: false,
    vouchers: [],
    submitted: false,
    serverErrors: { form: {}, card: {} },
    paying: false,
    payError: null,
    premiumHoldRefused: false,
    action: null,
    redirecting: false,
    holdLoginOpen: false,
  });
  // One key per attempt to pay: a retried request reuses it, a new attempt gets a new one.
  let attemptKey: string | null = null;

  const byVouchers = () => state.vouchers.reduce((a, v) => a + v.amount, 0);
  /** What is left to pay online after vouchers (nothing for a hold: it is paid at the box office). */
  const due = () => (state.isHold ? 0 : Math.max(0, host.total(false) - byVouchers()));
  const maxPayments = () =>
    host.currency?.()
      ? 1
      : allowedPayments(due(), settings.payment.maxNumberOfPayments, settings.payment.minAmountPerPayment);

  const withProviderFields = settings.payment.cardFields === 'provider';
  const problems = (now: Date) =>
    checkoutProblems(state, host.block, due(), now, host.needsDelivery(), withProviderFields);

  function edited() {
    state.payError = null;
    state.premiumHoldRefused = false;
  }

  const intents = {
    editCustomer(c: CustomerInfo) {
      state.delivery = followAddress(state.delivery, state.customer, c);
      state.customer = c;
      state.serverErrors = { form: {}, card: state.serverErrors.card };
      edited();
    },
    editDelivery(d: Required<DeliveryAddress>) {
      state.delivery = d;
      state.serverErrors = { form: {}, card: state.serverErrors.card };
      edited();
    },
    /** A field lost the focus: from now on its message follows what the customer types. */
    touchField(field: string) {
      if (!state.touched[field]) state.touched[field] = true;
    },
    editCard(c: CardValue) {
      state.card = c;
      state.serverErrors = { form: state.serverErrors.form, card: {} };
      edited();
    },
    chooseMethod(m: PaymentMethod) {
      state.method = m;
      if (m === 'savedCard' && !state.savedCardId)
        state.savedCardId = customerState.customer?.MagCards[0]?.id ?? null;
      edited();
    },
    chooseSavedCard(id: string | null) {
      state.savedCardId = id;
      if (id) state.method = 'savedCard';
      edited();
    },
    setSaveCard(on: boolean) {
      state.saveCard = on;
    },
    setBlikCode(code: string) {
      state.blikCode = code.replace(/\D/g, '').slice(0, 6);
      edited();
    },
    /** A hold needs a logged-in member: without a session the login dialog opens first. */
    setHold(on: boolean) {
      edited();
      if (on && !customerState.customer) {
        state.holdLoginOpen = true;
        return;
      }
      state.isHold = on;
      if (on) state.vouchers = [];
    },
    closeHoldLogin(loggedIn: boolean) {
      state.holdLoginOpen = false;
      if (!loggedIn) return;
      fillBlanks(state.customer, customerState.customer);
      // Only a customer the box office lets hold gets the hold; anyone else is told why, and pays now.
      if (customerMayHold(customerState.customer, settings, Date.now())) state.isHold = true;
      else state.payError = { key: 'errors.no_valid_membership_for_member_sale' };
    },
    /** The one-click way out of a refused hold: the same seats as a normal order. */
    switchToNormalOrder() {
      state.isHold = false;
      state.premiumHoldRefused = false;
      state.payError = null;
    },
    applyVoucher(v: AppliedVoucher) {
      state.vouchers = [...state.vouchers.filter((x) => x.reference !== v.reference), v];
      edited();
    },
    removeVoucher(reference: string) {
      state.vouchers = state.vouchers.filter((v) => v.reference !== reference);
      edited();
    },
    async deleteSavedCard(id: string) {
      const { MagCards } = await api.deleteMagCard(id);
      if (customerState.customer) customerState.customer.MagCards = MagCards;
      if (state.savedCardId === id) state.savedCardId = MagCards[0]?.id ?? null;
      if (!MagCards.length && state.method === 'savedCard') state.method = 'card';
    },
    pay,
    poll,
    cancelPayment,
    resume,
    savedFlow,
  };

  const body = (): CommitBody =>
    commitBody(state, host, settings, due(), maxPayments(), customerState.customer !== null);

  /** Checks the form, then commits: the answer completes the order, or asks the customer to act. */
  async function pay() {
    const found = problems(new Date());
    state.submitted = true;
    state.serverErrors = { form: {}, card: {} };
    const blocked = host.blocked?.() ?? null;
    const formProblems = Object.keys(found.form).length + Object.keys(found.card).length;
    if (formProblems || blocked) {
      const onlyTerms = found.form.termsAccepted && formProblems === 1;
      const key = formProblems ? 'errors.formValidation' : blocked!;
      state.payError = { key: onlyTerms ? 'errors.terms_not_approved' : key };
      return;
    }
    state.paying = true;
    state.payError = null;
    // The provider's fields give a token for the card; a retry of the same attempt sends the same one.
    if (withProviderFields && state.method === 'card' && due() > 0 && (!attemptKey || !state.cardToken)) {
      const fields = providerCardFields();
      const got = fields ? await fields.tokenize() : { error: null };
      if ('error' in got) {
        state.paying = false;
        state.payError = { key: 'checkout.cardFieldsProblem' };
        return;
      }
      state.cardToken = got.token;
      attemptKey = null;
    }
    attemptKey ??= crypto.randomUUID();
    const request = body();
    try {
      await handle(await api.commit(request, attemptKey), request);
    } catch (err) {
      await failed(err);
    } finally {
      state.paying = false;
    }
  }

  async function handle(answer: CheckoutAnswer, request: CommitBody | null) {
    if (answer.status === 'completed') {
      attemptKey = null;
      state.action = null;
      state.card = { ...emptyCard };
      state.cardToken = null;
      state.vouchers = [];
      clearRedirect();
      host.completed(answer);
      afterCompletion(answer, state.customer);
      return;
    }
    if (answer.action.type === 'redirect') {
      // Off to PayPal or the payment page: what is needed to come back is kept for this tab only
      // (never card details: these methods take none here).
      const { creditcardInfo: _card, ...cart } = (request ?? body()).cart;
      saveRedirect({
        reservationIdentifier: answer.reservationIdentifier,
        attemptKey: attemptKey!,
        method: answer.method,
        body: { ...(request ?? body()), cart },
        flow: host.save(),
      });
      state.redirecting = true;
      window.location.assign(withLang(answer.action.url));
      return;
    }
    state.action = answer;
  }

  async function failed(err: unknown): Promise<void> {
    state.action = null;
    const code = err instanceof ApiCallError ? err.code : '';
    if (code !== 'fetch_data_error' && code !== 'paymentError') attemptKey = null;
    if (code === 'lock_seat_error') return host.seatsLost();
    if (code === 'payment_cancelled') return host.restart({ key: 'checkout.orderCancelledReloading' });
    if (code === 'premiumWithHoldErrorMessage') {
      state.premiumHoldRefused = true;
      return;
    }
    state.payError = { error: err };
    const fields = serverFieldMessages(err);
    if (fields) state.serverErrors = { form: fields, card: {} };
    else if (err instanceof ApiCallError && typeof err.params?.field === 'string') {
      const field = err.params.field;
      if (['number', 'expiry', 'cvv', 'holderId'].includes(field))
        state.serverErrors = { form: {}, card: { [field]: code } };
      else state.serverErrors = { form: { [field]: { code } }, card: {} };
    }
  }

  /** While the secure-payment dialog is open: where the payment stands now. */
  async function poll() {
    const pending = state.action;
    if (!pending || pending.status !== 'action_required') return;
    try {
      const answer = await api.paymentStatus(pending.reservationIdentifier);
      if (state.action?.reservationIdentifier !== pending.reservationIdentifier) return;
      if (answer.status === 'completed' || answer.action.type !== pending.action.type)
        await handle(answer, null);
    } catch (err) {
      if (err instanceof ApiCallError && (err.code === 'fetch_data_error' || err.code === 'paymentError'))
        return;
      await failed(err);
    }
  }

  /** The customer gives up the payment in progress; the seats stay held for another try. */
  async function cancelPayment() {
    const pending = state.action;
    if (!pending) return;
    state.action = null;
    attemptKey = null;
    try {
      await api.cancelPayment(pending.reservationIdentifier);
      state.payError = { key: 'checkout.paymentCancelled' };
    } catch (err) {
      if (err instanceof ApiCallError && err.code === 'last_commit_error')
        await handle(await api.paymentStatus(pending.reservationIdentifier), null).catch(failed);
      else await failed(err);
    }
  }

  /**
   * Back from PayPal or the payment page (`checkout=return|cancel&reservation=…` on the flow's page):
   * PayPal's approval is captured with the same idempotency key; a payment page's outcome is asked of
   * the box office; a cancellation is told to it. The flow restores its own state first (`savedFlow`).
   */
  async function resume(params: URLSearchParams): Promise<void> {
    const rid = params.get('reservation') ?? '';
    const saved = loadRedirect(rid);
    if (!saved) return;
    attemptKey = saved.attemptKey;
    state.customer = { ...(saved.body.cart.customerInfo as CustomerInfo) };
    if (saved.body.cart.deliveryAddress) state.delivery = addressOf(saved.body.cart.deliveryAddress);
    state.method = saved.body.cart.paymentMethod ?? 'card';
    state.paying = true;
    try {
      if (params.get('checkout') === 'cancel') {
        clearRedirect();
        attemptKey = null;
        await api.cancelPayment(rid).catch(() => undefined);
        if (saved.method === 'paypal') state.payError = { key: 'errors.wallet_cancelled' };
        else await host.restart({ key: 'checkout.orderCancelledReloading' });
        return;
      }
      const token = params.get('token');
      const payerId = params.get('PayerID');
      const answer =
        saved.method === 'paypal' && token && payerId
          ? await api.commit(
              {
                ...saved.body,
                cart: { ...saved.body.cart, paypal: { payerId, token, orderId: token, paymentId: token } },
              },
              saved.attemptKey,
            )
          : await api.paymentStatus(rid);
      await handle(answer, saved.body);
    } catch (err) {
      clearRedirect();
      await failed(err);
    } finally {
      state.paying = false;
    }
  }

  /** The flow's state saved before a payment page, when this page is the return from it. */
  function savedFlow(params: URLSearchParams): unknown {
    return params.get('checkout') ? (loadRedirect(params.get('reservation') ?? '')?.flow ?? null) : null;
  }

  return { state, settings, host, due, maxPayments, problems, ...intents };
}
