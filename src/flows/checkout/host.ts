import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { CommitCart } from '../../api/contract/order.ts';
import type { OrderCustomerInfoBlock } from '../../api/contract/session.ts';
import type { CheckoutMessage } from './store.ts';

/**
 * The lines a flow hands the checkout, as the commit takes them: seats and their products, videos,
 * vouchers with voucher-shop products (no presentation), donations.
 */
export type CheckoutLines = Pick<
  CommitCart,
  | 'seats'
  | 'products'
  | 'videos'
  | 'vouchers'
  | 'donations'
  | 'memberships'
  | 'enrolment'
  | 'gift'
  | 'authProfileId'
  | 'businessId'
>;

/** What the checkout needs from the flow that uses it (seats, vouchers, donations; memberships later). */
export interface CheckoutHost {
  lines(): CheckoutLines;
  /** The total as the flow prices it (the box office prices it again): as a hold, no service charge on seats. */
  total(isHold: boolean): number;
  /** The currency the cart is priced and paid in when not the venue's (a EUR membership); else null. */
  currency?(): string | null;
  /** Whether the cart may be reserved and paid at the box office (seat orders). */
  canHold: boolean;
  block: OrderCustomerInfoBlock;
  /** Whether a product of the cart is sent by post: the checkout then asks for a delivery address. */
  needsDelivery(): boolean;
  /** The flow's page (in the customer's language): payment pages and wallets send the customer back here. */
  returnPath(): string;
  /** What the flow must remember across a payment page, given back by `resume`. */
  save(): unknown;
  completed(answer: CheckoutCompleted): void;
  /** The seats were lost before the payment (the flow starts over). */
  seatsLost(): Promise<void>;
  /** The customer cancelled on the payment page: 'order cancelled, reloading' (the flow starts over). */
  restart(message: CheckoutMessage): Promise<void>;
  /** What of the flow's own form still stops the payment (a waiver not signed): a message key, or null. */
  blocked?(): string | null;
}
