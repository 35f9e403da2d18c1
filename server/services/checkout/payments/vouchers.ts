import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { VoucherBalance } from '../../../../src/api/contract/checkout.ts';
import type { VoucherApplication } from '../../../../src/domain/payment/split.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { CannotFulfil, type Trx } from '../lines/types.ts';
import { markRefunded } from './refunds.ts';

type Db = Kysely<Database> | Trx;

/**
 * Vouchers are locked and updated in one order everywhere (by reference, compared as JavaScript compares
 * strings, whatever the database's collation), so concurrent checkouts, confirmations and cancellations
 * touching the same gift cards never wait on each other in a cycle (a deadlock on PostgreSQL).
 */
export const byReference = (
  a: { voucher_reference: string | null },
  b: { voucher_reference: string | null },
) => compare(a.voucher_reference ?? '', b.voucher_reference ?? '');
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Paying part of an order from a system voucher's balance (spec section 2, the voucher-payment dialog).
 * Only stored-value vouchers (gift cards) pay; their balance is in agorot. A pending order sets its
 * amount aside (other checkouts see less available); the balance is debited when the order is confirmed
 * and credited back when it is cancelled.
 */
async function usableVoucher(db: Db, reference: string, now: number) {
  const v = await db
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .select(['v.reference', 'v.balance', 'v.state', 'v.start_date', 'v.end_date', 'v.is_for_replacement'])
    .select(['k.is_stored_value', 'k.name_json'])
    .where('v.reference', '=', reference.toUpperCase())
    .executeTakeFirst();
  if (!v) throw new AppError('codeNotFound', 'no voucher with this code', { reference });
  if (v.is_stored_value !== 1)
    throw new AppError('voucher_not_for_payment', 'only gift cards (stored-value vouchers) pay for orders', {
      reference,
    });
  if (v.state !== 'active' || v.is_for_replacement === 1 || v.start_date > now)
    throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE', 'this voucher is not active', { reference });
  if (v.end_date <= now) throw new AppError('voucherExpired', 'this voucher has expired', { reference });
  const setAside = await db
    .selectFrom('order_payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
    .where('voucher_reference', '=', v.reference)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const available = Math.max(0, v.balance - Number(setAside.n));
  if (available <= 0) throw new AppError('voucherBalance', 'this voucher has no balance left', { reference });
  return { ...v, available };
}

/** GET /payment/voucher-balance: what the voucher can pay now. */
export async function voucherBalance(db: Db, reference: string, now: number): Promise<VoucherBalance> {
  const v = await usableVoucher(db, reference, now);
  return {
    reference: v.reference,
    name: JSON.parse(v.name_json) as LocalizedText,
    balance: v.available,
    endDate: new Date(v.end_date).toISOString(),
  };
}

/**
 * Locks the rows of these system vouchers for the rest of the transaction, in reference order (see
 * `byReference`); references that are no voucher lock nothing. Gift-card payments and ticket vouchers
 * (lines/voucherTickets.ts) both lock through here.
 */
export async function lockVouchers(trx: Trx, references: Iterable<string>): Promise<void> {
  for (const reference of [...new Set(references)].sort(compare))
    await trx
      .selectFrom('system_vouchers')
      .select('reference')
      .where('reference', '=', reference)
      .forUpdate()
      .execute();
}

/**
 * The cart's voucher payments, each checked and locked for the rest of the transaction. The rows are
 * locked first, by reference (see `byReference`: two carts listing the same gift cards in another order
 * would otherwise deadlock); then each payment is checked in the cart's order, so the first problem
 * reported is the cart's first.
 */
export async function voucherApplications(
  trx: Trx,
  payments: readonly { systemVoucher: string; amount: number }[],
  now: number,
): Promise<VoucherApplication[]> {
  await lockVouchers(
    trx,
    payments.map((p) => p.systemVoucher.toUpperCase()),
  );
  const out: VoucherApplication[] = [];
  for (const p of payments) {
    const v = await usableVoucher(trx, p.systemVoucher, now);
    out.push({ reference: v.reference, amount: p.amount, available: v.available });
  }
  return out;
}

/** The order is confirmed: its vouchers pay now. Throws CannotFulfil when a balance no longer covers it. */
export async function debitVouchers(trx: Trx, reservationIdentifier: string, now: number): Promise<void> {
  const rows = await trx
    .selectFrom('order_payments')
    .select(['id', 'voucher_reference', 'amount'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('method', '=', 'voucher')
    .where('status', '=', 'pending')
    .execute();
  // In reference order, as every checkout locks vouchers: concurrent confirmations never deadlock.
  for (const r of rows.sort(byReference)) {
    const debited = await trx
      .updateTable('system_vouchers')
      .set((eb) => ({ balance: eb('balance', '-', r.amount), redeemed: eb('redeemed', '+', r.amount) }))
      .where('reference', '=', r.voucher_reference!)
      .where('balance', '>=', r.amount)
      .where('state', '=', 'active')
      .executeTakeFirst();
    if (Number(debited.numUpdatedRows) !== 1)
      throw new CannotFulfil(`voucher ${r.voucher_reference} no longer covers the order`);
    await trx
      .updateTable('order_payments')
      .set({ status: 'approved', updated_at: now })
      .where('id', '=', r.id)
      .execute();
  }
}

/**
 * Gives the gift cards of a cancelled order back their parts of its refund (as `splitRefund` decides
 * them, in reference order: see `byReference`), to their balance at once.
 */
export async function creditVouchers(
  trx: Trx,
  parts: readonly {
    payment: { id: string; voucher_reference: string | null; amount: number; refunded_amount: number };
    amount: number;
  }[],
  now: number,
): Promise<void> {
  for (const { payment: r, amount: back } of parts) {
    await trx
      .updateTable('system_vouchers')
      .set((eb) => ({ balance: eb('balance', '+', back), redeemed: eb('redeemed', '-', back) }))
      .where('reference', '=', r.voucher_reference!)
      .execute();
    await markRefunded(trx, r, back, now);
  }
}
