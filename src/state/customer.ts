import { proxy } from 'valtio';
import type { CustomerAccount } from '../api/contract/customer.ts';
import { api } from '../api/endpoints.ts';
import { forgetCustomerInfo } from './cart.ts';

/**
 * The logged-in customer (spec section 4: set on login or refresh, cleared on logout). The session
 * itself lives in an HttpOnly cookie the shop never sees; `checked` says whether refresh has answered.
 */
export interface CustomerState {
  customer: CustomerAccount | null;
  checked: boolean;
}

export const customerState = proxy<CustomerState>({ customer: null, checked: false });

export function setCustomer(customer: CustomerAccount | null): void {
  customerState.customer = customer;
  customerState.checked = true;
}

/** Asks the box office who the session cookie belongs to; a failure counts as logged out. */
export async function refreshCustomer(
  /** The box office's answer, when already asked for (a drawn page asks early, applies it once hydrated). */
  answer: ReturnType<typeof api.refreshCustomer> = api.refreshCustomer(),
): Promise<CustomerAccount | null> {
  try {
    const { data } = await answer;
    setCustomer(data.customerInfo);
    return data.customerInfo;
  } catch {
    setCustomer(null);
    return null;
  }
}

/** Ends the session on the server and forgets the customer here, even when the call fails. */
export async function logoutCustomer(): Promise<void> {
  try {
    await api.logout();
  } finally {
    setCustomer(null);
    forgetCustomerInfo();
  }
}
