import type { RefundSelection } from '../../../api/contract/orderChanges.ts';
import type { OrderView } from '../../../api/contract/ordersAdmin.ts';

/** What the refund dialog holds: the whole order or chosen lines, the fee and the reasons. */
export interface RefundForm {
  whole: boolean;
  tickets: string[];
  /** `${presentationId}:${productId}` → how many to take back. */
  products: Record<string, number>;
  waived: boolean;
  feeWaivedReason: string;
  reason: string;
}

export const EMPTY_REFUND: RefundForm = {
  whole: false,
  tickets: [],
  products: {},
  waived: false,
  feeWaivedReason: '',
  reason: '',
};

/** The tickets a refund may take back: valid, and not the second half of a couple seat (it goes with the first). */
export const refundableTickets = (order: OrderView) =>
  order.tickets.filter((t) => t.state === 'valid' && !t.isSubTicket);

/** Products still held by the order, with how many are left of each. */
export const refundableProducts = (order: OrderView) =>
  order.products
    .map((p) => ({ ...p, key: `${p.presentationId}:${p.id}`, left: p.quantity - p.refundedQuantity }))
    .filter((p) => p.left > 0);

/** The selection as the box office takes it; null while nothing is chosen. */
export function selectionOf(form: RefundForm): Partial<RefundSelection> | null {
  const fee = form.waived
    ? { fee: 'waived' as const, feeWaivedReason: form.feeWaivedReason.trim() }
    : { fee: 'venue' as const };
  if (form.whole) return { whole: true, ...fee };
  const products = Object.entries(form.products)
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => {
      const [presentationId, productId] = key.split(':').map(Number);
      return { presentationId: presentationId!, productId: productId!, quantity };
    });
  if (form.tickets.length === 0 && products.length === 0) return null;
  return { tickets: form.tickets, products, ...fee };
}

/** Whether the form may be sent: something chosen, a reason, and a reason for a waived fee. */
export function refundReady(form: RefundForm): boolean {
  return (
    selectionOf(form) !== null &&
    form.reason.trim().length >= 3 &&
    (!form.waived || form.feeWaivedReason.trim().length >= 3)
  );
}
