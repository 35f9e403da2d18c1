import type { AuditEntry } from '../../../../src/api/contract/admin.ts';
import type { OrderHistoryEntry, OrderView } from '../../../../src/api/contract/ordersAdmin.ts';

type Actor = NonNullable<OrderHistoryEntry['actor']>;
type Detail = OrderHistoryEntry['detail'];

const entry = (at: string, event: string, actor: Actor | null, detail: Detail = {}): OrderHistoryEntry => ({
  at,
  event,
  actor,
  detail,
  before: null,
  after: null,
});

/**
 * An order's history, newest first: what happened to it (placed, paid, cancelled; each payment's last
 * state; refunds asked and confirmed; messages queued and sent), the staff refunds and
 * exchanges, and every audit entry about it (details corrected, a message sent again) with who, before
 * and after. Built from the order's own rows, so it needs no second record that could disagree with them;
 * the audit log holds what those rows do not (who changed what).
 */
export function orderHistory(
  view: Pick<
    OrderView,
    | 'createdAt'
    | 'confirmedAt'
    | 'cancelledAt'
    | 'state'
    | 'failure'
    | 'pointOfSale'
    | 'soldBy'
    | 'totals'
    | 'payments'
    | 'refunds'
    | 'messages'
    | 'adjustments'
  >,
  audit: readonly AuditEntry[],
): OrderHistoryEntry[] {
  const clerk = (name: string | null): Actor | null => (name ? { kind: 'user', id: name, name } : null);
  const seller = view.pointOfSale === 'box_office' ? clerk(view.soldBy) : null;
  const out: OrderHistoryEntry[] = [
    entry(view.createdAt, 'order.created', seller, { total: view.totals.total }),
  ];
  if (view.confirmedAt) out.push(entry(view.confirmedAt, 'order.confirmed', seller));
  if (view.cancelledAt)
    out.push(entry(view.cancelledAt, 'order.cancelled', null, { fee: view.totals.cancelFee }));
  for (const p of view.payments)
    out.push(
      entry(p.updatedAt, `payment.${p.status}`, clerk(p.takenBy), {
        method: p.method,
        amount: p.amount,
        code: p.failureCode,
      }),
    );
  for (const r of view.refunds) {
    out.push(entry(r.createdAt, 'refund.created', clerk(r.takenBy), { method: r.method, amount: r.amount }));
    if (r.doneAt) out.push(entry(r.doneAt, 'refund.done', null, { method: r.method, amount: r.amount }));
  }
  for (const m of view.messages) {
    const about = { kind: m.kind, channel: m.channel, to: m.to };
    out.push(entry(m.createdAt, 'message.queued', null, about));
    // A message given up keeps no instant of it: its state shows in the messages, not here.
    if (m.sentAt) out.push(entry(m.sentAt, 'message.sent', null, about));
  }
  for (const a of view.adjustments)
    out.push(
      entry(a.at, `adjustment.${a.kind}`, a.actor, {
        reason: a.reason,
        refund: a.refund,
        charge: a.charge,
        fee: a.fee,
      }),
    );
  // The log lists newest first; oldest first here, so that the stable reverse below keeps their order.
  for (const e of [...audit].reverse())
    out.push({ ...entry(e.at, e.action, e.actor), before: e.before ?? null, after: e.after ?? null });
  // Newest first; at the same instant, what came later in the order's life first (a stable reverse).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.at.localeCompare(a.e.at) || b.i - a.i)
    .map((x) => x.e);
}
