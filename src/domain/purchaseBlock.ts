import type { CustomerInfoBlock, OrderCustomerInfoBlock, Settings } from '../api/contract/session.ts';

/**
 * Which purchase a cart is, for the customer form and voucher payments (spec section 3, customer-info
 * blocks): a cart with vouchers is a voucher order (`orderSystemVouchers`), a cart with memberships or a
 * season enrolment is a membership order (`orderMemberships`), a cart of donations only is a donation
 * order (`orderDonations`); anything else, a seat cart with a donation line included, is an `order`.
 */
export type PurchaseKind = 'order' | 'vouchers' | 'donations' | 'memberships' | 'enrolment';

export function purchaseKindOf(cart: {
  seats?: readonly unknown[];
  products?: readonly unknown[];
  videos?: readonly unknown[];
  memberships?: readonly unknown[];
  vouchers?: readonly unknown[];
  donations?: readonly unknown[];
  enrolment?: unknown;
}): PurchaseKind {
  const n = (a: readonly unknown[] | undefined) => a?.length ?? 0;
  if (n(cart.vouchers) > 0) return 'vouchers';
  if (n(cart.memberships) > 0) return 'memberships';
  if (cart.enrolment) return 'enrolment';
  const others = n(cart.seats) + n(cart.products) + n(cart.videos);
  if (n(cart.donations) > 0 && others === 0) return 'donations';
  return 'order';
}

/**
 * The customer-info block a purchase's form follows, as the form and `validateCustomerInfo` read it. The
 * voucher and donation blocks name the fields and voucher payments; the confirmations of e-mail and mobile
 * are the order block's own (spec: only it has them), and the venue's terms are asked as in an order.
 */
export function purchaseBlock(
  customerInfo: Settings['customerInfo'],
  kind: PurchaseKind,
): OrderCustomerInfoBlock {
  const { order } = customerInfo;
  if (kind === 'order') return order;
  const block: CustomerInfoBlock =
    kind === 'vouchers'
      ? customerInfo.orderSystemVouchers
      : kind === 'donations'
        ? customerInfo.orderDonations
        : customerInfo.orderMemberships;
  return {
    ...block,
    isVerifyMobileNumber: false,
    isVerifyEmail: false,
    isTermsRequired: order.isTermsRequired,
    isTermsConfirmed: order.isTermsConfirmed,
  };
}
