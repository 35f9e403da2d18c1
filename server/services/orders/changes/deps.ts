import type { Selectable } from 'kysely';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../audit/log.ts';
import type { Trx } from '../../checkout/lines/types.ts';
import type { Clerk } from '../../counter/shifts.ts';
import type { CheckoutDeps } from '../../checkout/deps.ts';

/** What a staff change to an order needs: the checkout's own (an exchange sells seats as it does). */
export type ChangeDeps = CheckoutDeps;

/** Who makes the change: the audit log's actor, and the clerk whose drawer counter money moves through (null: an API token). */
export interface ChangeCaller {
  actor: Actor;
  clerk: Clerk | null;
}

export type OrderRow = Selectable<Database['orders']>;

/** The order, locked for the rest of the transaction when `lock`; order_not_found otherwise. */
export async function orderForChange(trx: Trx, rid: string, lock: boolean): Promise<OrderRow> {
  let q = trx.selectFrom('orders').selectAll().where('reservation_identifier', '=', rid);
  if (lock) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (!order) throw new AppError('order_not_found', 'no such order', { reservationIdentifier: rid });
  return order;
}

/** What the order's payments still hold: approved amounts less what went back. */
export async function stillPaid(trx: Trx, rid: string): Promise<number> {
  const rows = await trx
    .selectFrom('order_payments')
    .select(['amount', 'refunded_amount'])
    .where('reservation_identifier', '=', rid)
    .where('status', '=', 'approved')
    .execute();
  return rows.reduce((s, p) => s + p.amount - p.refunded_amount, 0);
}
