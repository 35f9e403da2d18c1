import { AppError } from '../../../errors.ts';
import { voucherUsesLeft } from '../../ticketCodes/voucherCodes.ts';
import { randomId } from '../ids.ts';
import type { OrderRows } from '../../orders/contents.ts';
import { CannotFulfil, type OrderRef, type Trx } from './types.ts';

/**
 * Tickets paid by a ticket voucher (issue 15): the uses an order takes from each voucher go through the
 * order's life like a gift card's amount. Placing the order claims them (a pending `voucher_redemptions`
 * row: other checkouts see fewer uses left), the confirmation redeems them (the voucher's balance goes
 * down), a failed payment releases the claim and a cancellation gives the uses back.
 *
 * Voucher rows are locked in one order everywhere (by reference, as JavaScript compares strings), so
 * checkouts and confirmations that share vouchers never wait on each other in a cycle.
 */

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The uses an order takes from one voucher. */
export interface VoucherUse {
  reference: string;
  uses: number;
}

/**
 * Every voucher pays for no more seats than it has uses left (voucherBalance, with {code, uses}). The
 * vouchers are locked (`lockVouchers` in payments/vouchers.ts), so the count holds until the order's claims are written.
 */
export async function assertUsesLeft(trx: Trx, uses: readonly VoucherUse[]): Promise<void> {
  for (const u of uses) {
    const v = await trx
      .selectFrom('system_vouchers')
      .select('balance')
      .where('reference', '=', u.reference)
      .executeTakeFirstOrThrow();
    const left = await voucherUsesLeft(trx, u.reference, v.balance);
    if (u.uses > left)
      throw new AppError('voucherBalance', `voucher ${u.reference} pays for ${left} more tickets`, {
        code: u.reference,
        uses: left,
      });
  }
}

/** The order claims its vouchers' uses (pending until it is paid). */
export async function claimUses(
  trx: Trx,
  now: number,
  order: OrderRef,
  uses: readonly VoucherUse[],
): Promise<void> {
  if (uses.length === 0) return;
  await trx
    .insertInto('voucher_redemptions')
    .values(
      uses.map((u) => ({
        id: randomId(16),
        reservation_identifier: order.reservationIdentifier,
        voucher_reference: u.reference,
        uses: u.uses,
        status: 'pending' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Where an order's claims on ticket vouchers are (the confirmation asks once whether it has any). */
export const VOUCHER_CLAIMS: OrderRows = { table: 'voucher_redemptions' };

async function claimsOf(trx: Trx, order: OrderRef, status: 'pending' | 'redeemed') {
  const rows = await trx
    .selectFrom('voucher_redemptions')
    .select(['id', 'voucher_reference', 'uses'])
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('status', '=', status)
    .execute();
  return rows.sort((a, b) => compare(a.voucher_reference, b.voucher_reference));
}

/**
 * The order is paid: each claim is redeemed, only where the voucher is still active and still has the
 * uses (changed meanwhile at the box office, say); otherwise CannotFulfil and the payment goes back.
 */
export async function redeemUses(trx: Trx, now: number, order: OrderRef): Promise<void> {
  if (order.has && !order.has(VOUCHER_CLAIMS)) return;
  for (const c of await claimsOf(trx, order, 'pending')) {
    const redeemed = await trx
      .updateTable('system_vouchers')
      .set((eb) => ({ balance: eb('balance', '-', c.uses), redeemed: eb('redeemed', '+', c.uses) }))
      .where('reference', '=', c.voucher_reference)
      .where('balance', '>=', c.uses)
      .where('state', '=', 'active')
      .executeTakeFirst();
    if (Number(redeemed.numUpdatedRows) !== 1)
      throw new CannotFulfil(`voucher ${c.voucher_reference} no longer pays for the order's tickets`);
    await trx
      .updateTable('voucher_redemptions')
      .set({ status: 'redeemed', updated_at: now })
      .where('id', '=', c.id)
      .execute();
  }
}

/** The payment failed or was given up: the claims are let go (the uses are the voucher's again). */
export async function releaseUses(trx: Trx, now: number, order: OrderRef): Promise<void> {
  await trx
    .updateTable('voucher_redemptions')
    .set({ status: 'released', updated_at: now })
    .where('reservation_identifier', '=', order.reservationIdentifier)
    .where('status', '=', 'pending')
    .execute();
}

/** The order is cancelled: the uses it redeemed go back on their vouchers. */
export async function restoreUses(trx: Trx, now: number, order: OrderRef): Promise<void> {
  for (const c of await claimsOf(trx, order, 'redeemed')) {
    await trx
      .updateTable('system_vouchers')
      .set((eb) => ({ balance: eb('balance', '+', c.uses), redeemed: eb('redeemed', '-', c.uses) }))
      .where('reference', '=', c.voucher_reference)
      .execute();
    await trx
      .updateTable('voucher_redemptions')
      .set({ status: 'restored', updated_at: now })
      .where('id', '=', c.id)
      .execute();
  }
  await releaseUses(trx, now, order);
}
