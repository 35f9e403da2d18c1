import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { CustomerInfo } from '../../api/contract/order.ts';
import { type CartCustomerInfo, rememberCustomerInfo } from '../../state/cart.ts';
import { customerState, refreshCustomer } from '../../state/customer.ts';

/** The details the cart keeps for the next order: no confirmations, no terms (asked every time). */
export function keptDetails(info: CustomerInfo): CartCustomerInfo {
  const { emailConfirmation: _e, mobileNumberConfirmation: _m, termsAccepted: _t, ...kept } = info;
  return kept;
}

/** Where the browser goes after an order: the venue's order-received page, when it has one. */
export function orderReceivedTarget(answer: CheckoutCompleted): string | null {
  const url = answer.orderReceivedUrl;
  // Only web pages: a setting must never turn into a script URL.
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/**
 * After an order completes (spec sections 2 and 4): the customer's details stay in the cart for the
 * next order of the session, the logged-in customer's account is read again, and where the venue has an
 * order-received page the customer goes there.
 */
export function afterCompletion(
  answer: CheckoutCompleted,
  customer: CustomerInfo,
  go: (url: string) => void = (url) => window.location.assign(url),
): void {
  rememberCustomerInfo(keptDetails(customer));
  // The order may have given the account the name and e-mail it lacked (one opened by a login inside
  // the flow): the header and the personal area show them from now on.
  if (customerState.customer) void refreshCustomer();
  const target = orderReceivedTarget(answer);
  if (target) go(target);
}
