import type { CustomerInfo } from '../../api/contract/order.ts';
import type { OrderCustomerInfoBlock, Settings } from '../../api/contract/session.ts';
import { purchaseBlock } from '../../domain/purchaseBlock.ts';
import { cart } from '../../state/cart.ts';
import { customerState } from '../../state/customer.ts';
import { detailsOfAccount } from './request.ts';
import type { CheckoutStore } from './store.ts';

/**
 * A purchase flow's customer-info block (vouchers, donations) as the checkout's form takes it: the
 * same function the box office checks the commit with (src/domain/purchaseBlock.ts).
 */
export function flowBlock(settings: Settings, kind: 'vouchers' | 'donations'): OrderCustomerInfoBlock {
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
