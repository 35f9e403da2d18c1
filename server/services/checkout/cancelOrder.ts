import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { opaqueId } from './ids.ts';
import { lineKinds } from './lines/index.ts';
import type { Trx } from './lines/types.ts';
import { creditVouchers } from './payments/vouchers.ts';
import { refOf } from './settle.ts';

/**
 * Cancels a paid or held order inside the caller's transaction: every line kind lets go of what it holds
 * (seats released, tickets cancelled), and `refund` goes back to the original payments, vouchers first
 * (credited at once), the rest to the order's online payment. That part is written as a refund to send;
 * `sendRefunds` sends it after the transaction, and the reconciler again if the process stops between.
 */
export async function cancelOrderInTransaction(
  trx: Trx,
  reservationIdentifier: string,
  refund: number,
  now: number,
  fields: { cancel_fee: number; refund_amount: number },
): Promise<string[]> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirstOrThrow();
  const ref = refOf(order);
  for (const kind of lineKinds) await kind.cancel(trx, now, ref);
  await trx
    .updateTable('orders')
    .set({ state: 'cancelled', cancelled_at: now, ...fields })
    .where('reservation_identifier', '=', reservationIdentifier)
    .execute();
  let left = refund - (await creditVouchers(trx, reservationIdentifier, refund, now));
  const refunds: string[] = [];
  const online = await trx
    .selectFrom('order_payments')
    .selectAll()
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('method', '!=', 'voucher')
    .where('status', '=', 'approved')
    .execute();
  for (const p of online) {
    const back = Math.min(left, p.amount - p.refunded_amount);
    if (back <= 0 || !p.provider_ref) continue;
    const id = opaqueId('rf');
    await trx
      .insertInto('refunds')
      .values({
        id,
        transaction_id: p.provider_ref,
        payment_id: p.id,
        reservation_identifier: reservationIdentifier,
        voucher_reference: null,
        amount: back,
        created_at: now,
        done_at: null,
      })
      .execute();
    await trx
      .updateTable('order_payments')
      .set({
        refunded_amount: p.refunded_amount + back,
        status: p.refunded_amount + back === p.amount ? 'refunded' : 'approved',
        updated_at: now,
      })
      .where('id', '=', p.id)
      .execute();
    refunds.push(id);
    left -= back;
  }
  return refunds;
}

/** Sends refunds written by a cancellation. A provider that does not answer is tried again by the reconciler. */
export async function sendRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  ids: readonly string[],
  now: () => number,
): Promise<void> {
  for (const id of ids) {
    const r = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || r.done_at !== null) continue;
    try {
      await provider.refund(r.transaction_id, { amount: r.amount, reference: `refund:${r.id}` });
      await db.updateTable('refunds').set({ done_at: now() }).where('id', '=', id).execute();
    } catch {
      // Left for the reconciler: the cancellation itself stands.
    }
  }
}
