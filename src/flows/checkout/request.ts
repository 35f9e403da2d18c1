import type { CommitBody, CustomerInfo, DeliveryAddress, PaymentMethod } from '../../api/contract/order.ts';
import type { CustomerAccount } from '../../api/contract/customer.ts';
import type { OrderCustomerInfoBlock, Settings } from '../../api/contract/session.ts';
import { deliveryFields, validateCustomerInfo, validateDeliveryAddress } from '../../domain/customer.ts';
import { type HoldingMembership, mayHold } from '../../domain/holds.ts';
import { calendarDate } from '../../domain/venue.ts';
import { withQuery } from '../../routing/paths.ts';
import { session } from '../../state/session.ts';
import { type CardErrors, cardErrors } from './CardForm.tsx';
import { type FormMessage, messagesByField } from './fieldMessage.ts';
import type { CheckoutHost, CheckoutState } from './store.ts';

/** What the checkout sends and checks, as pure functions of its state. */

/**
 * The form's problems before a commit: the customer fields (with the same rules the box office applies),
 * the delivery address when a product of the cart is sent by post, and what the chosen method needs.
 */
export function checkoutProblems(
  state: Pick<CheckoutState, 'customer' | 'delivery' | 'method' | 'card' | 'blikCode' | 'savedCardId'>,
  block: OrderCustomerInfoBlock,
  due: number,
  now: Date,
  needsDelivery: boolean,
  /** The provider's own card fields check the card themselves (Stripe's Payment Element). */
  providerCardFields = false,
): { form: Record<string, FormMessage>; card: CardErrors } {
  const form = messagesByField([
    ...validateCustomerInfo(block, state.customer),
    ...(needsDelivery ? validateDeliveryAddress(state.delivery) : []),
  ]);
  let card: CardErrors = {};
  if (due > 0 && state.method === 'card' && !providerCardFields) card = cardErrors(state.card, now);
  if (due > 0 && state.method === 'blik' && !/^\d{6}$/.test(state.blikCode))
    form.blikCode = { code: 'blik_code_invalid' };
  if (due > 0 && state.method === 'savedCard' && !state.savedCardId)
    form.savedCard = { code: 'saved_card_not_found' };
  return { form, card };
}

/** The messages to show: every field's once the customer tried to pay, else those of fields left once. */
export function visibleProblems(
  found: ReturnType<typeof checkoutProblems>,
  state: Pick<CheckoutState, 'submitted' | 'touched'>,
): ReturnType<typeof checkoutProblems> {
  if (state.submitted) return found;
  return { form: Object.fromEntries(Object.entries(found.form).filter(([f]) => state.touched[f])), card: {} };
}

/** The address parts of a customer form or a saved delivery address, blanks for the missing ones. */
export function addressOf(a: DeliveryAddress): Required<DeliveryAddress> {
  return { address1: a.address1 ?? '', city: a.city ?? '', postalCode: a.postalCode ?? '' };
}

/**
 * The delivery address after the customer's form changed from `before` to `after`: each part copies the
 * customer's own address field for as long as it still equals it (the customer did not change it apart).
 */
export function followAddress(
  delivery: Required<DeliveryAddress>,
  before: CustomerInfo,
  after: CustomerInfo,
): Required<DeliveryAddress> {
  const next = { ...delivery };
  for (const part of deliveryFields)
    if (delivery[part] === (before[part] ?? '')) next[part] = after[part] ?? '';
  return next;
}

/** The commit request: the flow's lines, the customer, the order type, vouchers and the chosen method. */
export function commitBody(
  state: CheckoutState,
  host: Pick<CheckoutHost, 'lines' | 'returnPath' | 'needsDelivery' | 'block'>,
  settings: Settings,
  due: number,
  maxPayments: number,
  loggedIn: boolean,
): CommitBody {
  const method = due > 0 ? state.method : undefined;
  const card = state.card;
  // The branch only where the form asks for it (a logged-in customer's own branch fills it in); it
  // travels as the spec's cart field too, and the box office keeps it on the order.
  const { locationId: ownBranch, ...customerInfo } = state.customer;
  const locationId = host.block.fields.location.isIncluded ? ownBranch : undefined;
  return {
    cart: {
      ...host.lines(),
      customerInfo: locationId !== undefined ? { ...customerInfo, locationId } : customerInfo,
      ...(locationId !== undefined ? { locationId } : {}),
      ...(host.needsDelivery() ? { deliveryAddress: { ...state.delivery } } : {}),
      isHold: state.isHold,
      voucherPayments: state.vouchers.map((v) =>
        v.giftCardId
          ? { giftCardId: v.giftCardId, amount: v.amount }
          : { systemVoucher: v.reference, amount: v.amount },
      ),
      ...(method ? { paymentMethod: method } : {}),
      ...(method === 'card' && settings.payment.cardFields === 'provider'
        ? {
            ...(state.cardToken ? { cardToken: state.cardToken } : {}),
            saveMagCard: loggedIn && state.saveCard && settings.payment.methods.savedCards,
          }
        : method === 'card'
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
  if (c.LocationId) out.locationId = c.LocationId;
  return out;
}

/** The account's details fill what the form still lacks (after a login inside the checkout). */
export function fillBlanks(form: CustomerInfo, account: CustomerAccount | null): void {
  for (const [k, v] of Object.entries(detailsOfAccount(account)) as [keyof CustomerInfo, never][])
    if (!form[k]) form[k] = v;
}

/**
 * Whether the logged-in customer may hold, by the box office's own rule (src/domain/holds.ts) on the
 * memberships the session gave the shop; false when nobody is logged in (not known yet).
 */
export function customerMayHold(
  customer: { readonly members: readonly HoldingMembership[] } | null,
  settings: Settings,
  now: number,
): boolean {
  return customer !== null && mayHold(customer.members, calendarDate(now, settings.timeZone));
}
