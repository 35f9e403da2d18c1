import type { CommitBody, CustomerInfo, PaymentMethod } from '../../api/contract/order.ts';
import type { CustomerAccount } from '../../api/contract/customer.ts';
import type { OrderCustomerInfoBlock, Settings } from '../../api/contract/session.ts';
import { validateCustomerInfo } from '../../domain/customer.ts';
import { withQuery } from '../../routing/paths.ts';
import { session } from '../../state/session.ts';
import { type CardErrors, cardErrors } from './CardForm.tsx';
import type { CheckoutHost, CheckoutState } from './store.ts';

/** What the checkout sends and checks, as pure functions of its state. */

/** The form's problems before a commit: the customer fields, and what the chosen method needs. */
export function checkoutProblems(
  state: Pick<CheckoutState, 'customer' | 'method' | 'card' | 'blikCode' | 'savedCardId'>,
  block: OrderCustomerInfoBlock,
  due: number,
  now: Date,
): { form: Record<string, string>; card: CardErrors } {
  const form: Record<string, string> = {};
  for (const p of validateCustomerInfo(block, state.customer)) form[p.field] ??= p.code;
  let card: CardErrors = {};
  if (due > 0 && state.method === 'card') card = cardErrors(state.card, now);
  if (due > 0 && state.method === 'blik' && !/^\d{6}$/.test(state.blikCode))
    form.blikCode = 'blik_code_invalid';
  if (due > 0 && state.method === 'savedCard' && !state.savedCardId) form.savedCard = 'saved_card_not_found';
  return { form, card };
}

/** The commit request: the flow's lines, the customer, the order type, vouchers and the chosen method. */
export function commitBody(
  state: CheckoutState,
  host: Pick<CheckoutHost, 'lines' | 'returnPath'>,
  settings: Settings,
  due: number,
  maxPayments: number,
  loggedIn: boolean,
): CommitBody {
  const method = due > 0 ? state.method : undefined;
  const card = state.card;
  return {
    cart: {
      ...host.lines(),
      customerInfo: { ...state.customer },
      isHold: state.isHold,
      voucherPayments: state.vouchers.map((v) => ({ systemVoucher: v.reference, amount: v.amount })),
      ...(method ? { paymentMethod: method } : {}),
      ...(method === 'card'
        ? {
            creditcardInfo: {
              number: card.number.replace(/\s/g, ''),
              expiry: card.expiry,
              cvv: card.cvv,
              holderId: card.holderId,
            },
            saveMagCard: loggedIn && state.saveCard && settings.payment.methods.savedCards,
          }
        : {}),
      ...(method === 'savedCard' && state.savedCardId ? { paymentIdentifier: state.savedCardId } : {}),
      ...(method === 'blik' ? { blikCode: state.blikCode } : {}),
      numberOfPayments:
        method === 'card' || method === 'savedCard' ? Math.min(card.numberOfPayments, maxPayments) : 1,
    },
    locale: session.locale,
    returnPath: host.returnPath(),
  };
}

/** The card form when the venue offers it, else the first method it offers. */
export function defaultMethod(settings: Settings): PaymentMethod {
  const { methods, paypal } = settings.payment;
  if (methods.card) return 'card';
  if (paypal.isActive) return 'paypal';
  if (methods.blik) return 'blik';
  return 'redirect';
}

/** Sandbox pages speak the shop's language. */
export function withLang(url: string): string {
  return withQuery(url, { lang: session.locale });
}

/** The order form's fields from the logged-in customer's account (empty when nobody is logged in). */
export function detailsOfAccount(c: CustomerAccount | null): CustomerInfo {
  if (!c) return {};
  const out: CustomerInfo = {};
  if (c.FirstName) out.firstName = c.FirstName;
  if (c.LastName) out.lastName = c.LastName;
  if (c.EmailAddress1) out.email = c.EmailAddress1;
  if (c.MobileNumber1) out.mobileNumber = c.MobileNumber1;
  if (c.SSN) out.ssn = c.SSN;
  if (c.Address1) out.address1 = c.Address1;
  if (c.City) out.city = c.City;
  if (c.PostalCode) out.postalCode = c.PostalCode;
  return out;
}
