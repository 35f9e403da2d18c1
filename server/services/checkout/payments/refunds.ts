import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { opaqueId } from '../ids.ts';
import type { Trx } from '../lines/types.ts';

/**
 * Refunds as the box office records them: written inside the transaction that decides them (a
 * cancellation, a failed order), sent to the provider after it (`sendRefunds`), and marked done once the
 * provider confirmed; the reconciler sends what a stopped process left unsent.
 */

export async function writeRefund(
  trx: Trx,
  r: {
    transactionId: string;
    paymentId: string | null;
    reservationIdentifier: string | null;
    voucherReference: string | null;
    amount: number;
    now: number;
    /** Already sent to the provider (then it is recorded as done). */
    sent?: boolean;
    /** Given back at the counter (issue 36): how, by whom, in which shift; and the staff change it is part of. */
    method?: 'provider' | 'cash' | 'card_present';
    shiftId?: string | null;
    takenBy?: string | null;
    adjustmentId?: string | null;
  },
): Promise<string> {
  const id = opaqueId('rf');
  await trx
    .insertInto('refunds')
    .values({
      id,
      transaction_id: r.transactionId,
      payment_id: r.paymentId,
      reservation_identifier: r.reservationIdentifier,
      voucher_reference: r.voucherReference,
      amount: r.amount,
      created_at: r.now,
      done_at: r.sent ? r.now : null,
      method: r.method ?? 'provider',
      shift_id: r.shiftId ?? null,
      taken_by: r.takenBy ?? null,
      adjustment_id: r.adjustmentId ?? null,
    })
    .execute();
  return id;
}

/** `back` more of a payment went back: refunded in full, or still approved for the rest. */
export async function markRefunded(
  trx: Trx,
  p: { id: string; amount: number; refunded_amount: number },
  back: number,
  now: number,
): Promise<void> {
  const refunded = p.refunded_amount + back;
  await trx
    .updateTable('order_payments')
    .set({
      refunded_amount: refunded,
      status: refunded >= p.amount ? 'refunded' : 'approved',
      updated_at: now,
    })
    .where('id', '=', p.id)
    .execute();
}

/**
 * Sends refunds written earlier; answers how many went out. A provider that does not answer is tried
 * again by the reconciler.
 */
export async function sendRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  ids: readonly string[],
  now: () => number,
  log?: FastifyBaseLogger,
): Promise<number> {
  let sent = 0;
  for (const id of ids) {
    const r = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || r.done_at !== null) continue;
    try {
      await provider.refund(r.transaction_id, { amount: r.amount, reference: `refund:${r.id}` });
      await db.updateTable('refunds').set({ done_at: now() }).where('id', '=', id).execute();
      sent++;
    } catch (err) {
      // Left for the reconciler: what decided the refund stands.
      log?.warn({ err, refund: id }, 'a refund will be retried');
    }
  }
  return sent;
}
