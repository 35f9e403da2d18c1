import type {
  RefundAnswer,
  RefundQuote,
  RefundRequest,
  RefundSelection,
} from '../../../../src/api/contract/orderChanges.ts';
import { AppError } from '../../../errors.ts';
import { audit } from '../../audit/log.ts';
import { opaqueId } from '../../checkout/ids.ts';
import { lineKinds } from '../../checkout/lines/index.ts';
import type { Trx } from '../../checkout/lines/types.ts';
import { sendRefunds } from '../../checkout/payments/refunds.ts';
import { refOf } from '../../checkout/settle.ts';
import { quoteOf } from '../../customers/area/cancellation.ts';
import { orderFacts } from '../../customers/area/orders.ts';
import { queueOrderMessages } from '../../messages/queue.ts';
import { type ChangeCaller, type ChangeDeps, type OrderRow, orderForChange, stillPaid } from './deps.ts';
import { type GiveBackPlan, giveBack, planGiveBack } from './giveBack.ts';
import { refundValue } from './refundValue.ts';
import { loadTaken, refundLines, takeBack, type TakenLines } from './takeBack.ts';

interface Decision {
  order: OrderRow;
  waived: boolean;
  /** Null for the whole order. */
  taken: TakenLines | null;
  value: number;
  fee: number;
  kept: number;
  refund: number;
  plan: GiveBackPlan;
}

/**
 * What refunding `sel` of an order does, read in the caller's transaction: the whole order as a
 * customer's own cancellation prices it (the fee, the service charges and booking fee kept), or chosen
 * lines by the same fee rule (refundValue.ts); with the fee waived, everything they cost. A hold is
 * cancelled whole and refunds nothing.
 */
async function decide(trx: Trx, deps: ChangeDeps, order: OrderRow, sel: RefundSelection): Promise<Decision> {
  const rid = order.reservation_identifier;
  const waived = sel.fee === 'waived';
  if (waived && (sel.feeWaivedReason ?? '').length < 3)
    throw new AppError('formValidation', 'say why the fee is waived', { field: 'feeWaivedReason' });
  if (order.state !== 'paid' && !(order.state === 'held' && sel.whole))
    throw new AppError('order_not_refundable', `the order is ${order.state}: nothing to refund`, {
      state: order.state,
    });
  if (!sel.whole && sel.tickets.length === 0 && sel.products.length === 0)
    throw new AppError('formValidation', 'choose what to refund', { field: 'tickets' });
  let taken: TakenLines | null = null;
  let v: { value: number; fee: number; kept: number; refund: number };
  if (order.state === 'held') v = { value: 0, fee: 0, kept: 0, refund: 0 };
  else if (sel.whole) {
    const paid = await stillPaid(trx, rid);
    const facts = await orderFacts(trx, rid);
    const q = quoteOf(deps.settings, order, facts.validTickets, 'card');
    v = waived
      ? { value: paid, fee: 0, kept: 0, refund: paid }
      : {
          value: paid,
          fee: q.fee,
          kept: Math.max(0, paid - q.fee - Math.min(paid, q.refund)),
          refund: Math.min(paid, q.refund),
        };
  } else {
    taken = await loadTaken(trx, rid, sel);
    const rule = deps.settings.customerArea.cancellationFee;
    v = refundValue(refundLines(taken), rule, waived, order.currency_code !== null);
  }
  const plan = await planGiveBack(trx, rid, v.refund);
  return { order, waived, taken, ...v, plan };
}

function quoteOfDecision(d: Decision, sel: RefundSelection, deps: ChangeDeps): RefundQuote {
  return {
    reservationIdentifier: d.order.reservation_identifier,
    whole: sel.whole,
    tickets: d.taken ? d.taken.tickets.length : 0,
    products: d.taken ? d.taken.products.reduce((s, p) => s + p.quantity, 0) : 0,
    value: d.value,
    feeName: deps.settings.customerArea.cancellationFee.name,
    fee: d.fee,
    kept: d.kept,
    refund: d.refund,
    parts: d.plan.parts,
    atCounter: d.plan.atCounter,
    currency: d.order.currency_code,
  };
}

/** POST /api/admin/orders/{id}/refund-quote: what a refund would give back, and where; nothing changes. */
export async function quoteRefund(deps: ChangeDeps, rid: string, sel: RefundSelection): Promise<RefundQuote> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await orderForChange(trx, rid, false);
    return quoteOfDecision(await decide(trx, deps, order, sel), sel, deps);
  });
}

/**
 * POST /api/admin/orders/{id}/refunds: in one transaction under the order's lock, the lines are taken
 * back (seats on sale again at once), the order's totals follow (what it still sells, the fees kept), the
 * money is shared out over the payments it came from (gift cards credited, online payments written as
 * refunds, counter payments given back by the clerk in their shift), and the change is recorded with its
 * reason and in the audit log. The acquirer is called after the transaction; the reconciler sends a
 * refund a crash left unsent, never twice.
 */
export async function refundOrder(
  deps: ChangeDeps,
  caller: ChangeCaller,
  rid: string,
  req: RefundRequest,
): Promise<RefundAnswer> {
  const now = deps.clock.now();
  const { answer, toSend } = await deps.db.transaction().execute(async (trx) => {
    const order = await orderForChange(trx, rid, true);
    const d = await decide(trx, deps, order, req);
    const adjustmentId = opaqueId('adj');
    let state: RefundAnswer['orderState'];
    if (d.taken) {
      state = await takeLinesBack(trx, order, d, adjustmentId, now);
      // The customer gets the order as it stands now (its tickets left), or word that it is cancelled.
      if (state === 'paid') await queueOrderMessages(trx, rid, 'confirmation', now, { again: true });
      else await queueOrderMessages(trx, rid, 'cancellation', now);
    } else {
      for (const kind of lineKinds) await kind.cancel(trx, now, refOf(order));
      await trx
        .updateTable('order_tickets')
        .set({ adjustment_id: adjustmentId })
        .where('reservation_identifier', '=', rid)
        .where('state', '=', 'cancelled')
        .where('adjustment_id', 'is', null)
        .execute();
      await trx
        .updateTable('orders')
        .set({
          state: 'cancelled',
          cancelled_at: now,
          cancel_fee: (order.cancel_fee ?? 0) + d.fee,
          refund_amount: (order.refund_amount ?? 0) + d.refund,
        })
        .where('reservation_identifier', '=', rid)
        .execute();
      await queueOrderMessages(trx, rid, 'cancellation', now);
      state = 'cancelled';
    }
    const toSend = await giveBack(trx, rid, d.plan, caller.clerk, adjustmentId, now);
    const detail = {
      whole: req.whole,
      tickets: d.taken?.tickets.map((t) => t.ticket_identifier) ?? [],
      products: d.taken?.products ?? [],
      parts: d.plan.parts,
    };
    await trx
      .insertInto('order_adjustments')
      .values({
        id: adjustmentId,
        reservation_identifier: rid,
        kind: 'refund',
        at: now,
        actor_kind: caller.actor.kind,
        actor_id: caller.actor.id,
        actor_name: caller.actor.name,
        reason: req.reason,
        fee: d.fee,
        fee_waived_reason: req.fee === 'waived' ? (req.feeWaivedReason ?? null) : null,
        refund: d.refund,
        charge: 0,
        detail_json: JSON.stringify(detail),
      })
      .execute();
    await audit(
      trx,
      caller.actor,
      {
        action: 'order.refund',
        objectType: 'order',
        objectId: rid,
        before: { state: order.state, total: order.total },
        after: { state, refund: d.refund, fee: d.fee, reason: req.reason, ...detail },
      },
      now,
    );
    return { answer: { ...quoteOfDecision(d, req, deps), adjustmentId, orderState: state }, toSend };
  });
  await sendRefunds(deps.db, deps.provider, toSend, () => deps.clock.now(), deps.log);
  return answer;
}

/** Chosen lines go back; the order's totals follow; an order left with nothing is cancelled. */
async function takeLinesBack(
  trx: Trx,
  order: OrderRow,
  d: Decision,
  adjustmentId: string,
  now: number,
): Promise<'paid' | 'cancelled'> {
  const rid = order.reservation_identifier;
  const taken = d.taken!;
  await takeBack(trx, rid, taken, adjustmentId, now);
  const prices = taken.tickets.reduce((s, t) => s + t.price, 0);
  const addons = taken.tickets.reduce((s, t) => s + t.addons, 0);
  const charges = d.waived ? taken.tickets.reduce((s, t) => s + t.service_charge, 0) : 0;
  const products = taken.products.reduce((s, p) => s + p.unitPrice * p.quantity, 0);
  const validLeft = await trx
    .selectFrom('order_tickets')
    .select('ticket_identifier')
    .where('reservation_identifier', '=', rid)
    .where('state', '=', 'valid')
    .executeTakeFirst();
  const productsLeft = await trx
    .selectFrom('order_products')
    .select('product_id')
    .where('reservation_identifier', '=', rid)
    .whereRef('refunded_quantity', '<', 'quantity')
    .executeTakeFirst();
  const otherLines =
    (order.vouchers_total ?? 0) +
    (order.donations_total ?? 0) +
    (order.memberships_total ?? 0) +
    (order.enrolment_total ?? 0);
  const empty = !validLeft && !productsLeft && otherLines === 0;
  await trx
    .updateTable('orders')
    .set({
      tickets_total: order.tickets_total - prices,
      addons_total: order.addons_total - addons,
      service_charge_total: order.service_charge_total - charges,
      products_total: order.products_total - products,
      cancel_fee: (order.cancel_fee ?? 0) + d.fee,
      refund_amount: (order.refund_amount ?? 0) + d.refund,
      total: order.total - d.refund,
      ...(empty ? { state: 'cancelled' as const, cancelled_at: now } : {}),
    })
    .where('reservation_identifier', '=', rid)
    .execute();
  return empty ? 'cancelled' : 'paid';
}
