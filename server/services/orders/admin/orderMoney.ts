import type { Kysely } from 'kysely';
import type { OrderView } from '../../../../src/api/contract/ordersAdmin.ts';
import type { Database } from '../../../db/types.ts';
import { contractMethod } from '../payments.ts';

type Db = Kysely<Database>;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

/**
 * An order's money as staff see it: every payment attempt (a declined card too, with the acquirer's
 * code and reason; the customer's pages show only what took money), the provider's reference and the
 * approval code, the whole gift-card code, and at the counter the clerk, shift and cash tendered; every
 * refund with where it went (back through the provider, to a gift card, cash or the counter's terminal)
 * and whether the provider has confirmed it; and the staff refunds and exchanges of the order.
 */
export async function orderMoney(
  db: Db,
  rid: string,
): Promise<Pick<OrderView, 'payments' | 'refunds' | 'adjustments'>> {
  const [payments, refunds, adjustments] = await Promise.all([
    db
      .selectFrom('order_payments')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refunds')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_adjustments')
      .selectAll()
      .where('reservation_identifier', '=', rid)
      .orderBy('at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    payments: payments.map((p) => ({
      id: p.id,
      method: contractMethod[p.method],
      provider: p.provider,
      status: p.status,
      amount: p.amount,
      refunded: p.refunded_amount,
      numberOfPayments: p.number_of_payments,
      brand: p.brand,
      last4: p.last4,
      giftCard: p.voucher_reference,
      providerRef: p.provider_ref,
      approvalCode: p.approval_code,
      failureCode: p.failure_code,
      failureReason: p.failure_reason,
      takenBy: p.taken_by,
      shiftId: p.shift_id,
      tendered: p.tendered,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      // Refunds from before migration 026 name no method: a gift card's went back to it, the rest to the provider.
      method: r.method ?? (r.voucher_reference ? 'voucher' : 'provider'),
      paymentId: r.payment_id,
      voucherReference: r.voucher_reference,
      takenBy: r.taken_by,
      shiftId: r.shift_id,
      adjustmentId: r.adjustment_id,
      createdAt: iso(r.created_at),
      doneAt: isoOrNull(r.done_at),
    })),
    adjustments: adjustments.map((a) => ({
      id: a.id,
      kind: a.kind,
      at: iso(a.at),
      actor: { kind: a.actor_kind, id: a.actor_id, name: a.actor_name },
      reason: a.reason,
      fee: a.fee,
      feeWaivedReason: a.fee_waived_reason,
      refund: a.refund,
      charge: a.charge,
      detail: JSON.parse(a.detail_json) as unknown,
    })),
  };
}
