import type { Kysely, Transaction } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { SystemVoucher, VoucherStatus } from '../../../../src/api/contract/customer.ts';
import type { Database } from '../../../db/types.ts';
import { replacementDates } from '../../../../src/domain/voucherReplacement.ts';
import { AppError } from '../../../errors.ts';
import { sendRefunds, writeRefund } from '../../checkout/payments/refunds.ts';
import type { AreaContext } from './context.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's system vouchers in the personal area: the list, cancel and replacement voucher. */

type VoucherRow = Awaited<ReturnType<typeof voucherRows>>[number];

function voucherRows(db: Db, where: { customerId: string } | { reference: string }, lock = false) {
  let q = db
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .select([
      'v.reference',
      'v.customer_id',
      'v.reservation_identifier',
      'v.quantity',
      'v.price',
      'v.redeemed',
      'v.balance',
      'v.created_at',
      'v.start_date',
      'v.end_date',
      'v.state',
      'v.is_for_replacement',
      'v.sold_in_outlet',
      'v.transaction_id',
      'v.cancelled_by',
      'k.name_json',
      'k.benefit_json',
      'k.is_stored_value',
    ]);
  q =
    'customerId' in where
      ? q.where('v.customer_id', '=', where.customerId).orderBy('v.created_at', 'desc').orderBy('v.reference')
      : q.where('v.reference', '=', where.reference);
  if (lock && 'reference' in where) q = q.forUpdate('v');
  return q.execute();
}

/** Voucher status (spec section 4), the box office's state first, then dates and balance. */
export function voucherStatus(
  v: { state: string; is_for_replacement: number; end_date: number; balance: number; redeemed: number },
  now: number,
): VoucherStatus {
  if (v.state === 'cancelled') return 'cancelled';
  if (v.state === 'scanned') return 'scanned';
  if (v.is_for_replacement === 1) return 'for_replacement';
  if (Number(v.end_date) <= now) return 'expired';
  if (v.balance === 0) return 'no_balance';
  if (v.redeemed > 0) return 'partially_redeemed';
  return 'active';
}

function toVoucher(v: VoucherRow, now: number): SystemVoucher {
  const status = voucherStatus(v, now);
  return {
    Reference: v.reference,
    ReservationIdentifier: v.reservation_identifier,
    Name: JSON.parse(v.name_json) as LocalizedText,
    BenefitName: JSON.parse(v.benefit_json) as LocalizedText,
    Quantity: v.quantity,
    Price: v.price,
    Redeemed: v.redeemed,
    Balance: v.balance,
    IsStoredValue: v.is_stored_value === 1,
    DateTimeCreated: new Date(Number(v.created_at)).toISOString(),
    StartDate: new Date(Number(v.start_date)).toISOString(),
    EndDate: new Date(Number(v.end_date)).toISOString(),
    IsForReplacement: v.is_for_replacement === 1,
    status,
    canCancel: status === 'active',
    canReplace: (status === 'active' || status === 'partially_redeemed') && v.sold_in_outlet === 1,
  };
}

/** GET /customer-area/system-vouchers: the customer's vouchers; ones they cancelled here are gone. */
export async function listVouchers(ctx: AreaContext, customerId: string): Promise<SystemVoucher[]> {
  const rows = await voucherRows(ctx.db, { customerId });
  return rows.filter((v) => v.cancelled_by !== 'customer').map((v) => toVoucher(v, ctx.now));
}

async function ownVoucher(
  trx: Db,
  customerId: string,
  reference: string,
  reservationIdentifier: string | undefined,
): Promise<VoucherRow> {
  const [v] = await voucherRows(trx, { reference }, true);
  if (!v) throw new AppError('SYSTEM_VOUCHER_NOT_FOUND', 'no such voucher');
  if (v.customer_id !== customerId)
    throw new AppError('not_your_item', 'this voucher belongs to another customer');
  if (v.state === 'cancelled')
    throw new AppError(
      'SYSTEM_VOUCHER_NOT_FOUND',
      'this voucher was cancelled; open the personal area again',
    );
  if (reservationIdentifier && v.reservation_identifier && reservationIdentifier !== v.reservation_identifier)
    throw new AppError('SYSTEM_VOUCHER_NOT_FOUND', 'the voucher is not part of that reservation');
  return v;
}

/**
 * POST /system-vouchers/{ref}/cancel: an unused, valid voucher is cancelled and its price refunded (the
 * refund is written with the cancellation and sent after it; the reconciler retries a refund not sent).
 */
export async function cancelVoucher(
  ctx: AreaContext,
  customerId: string,
  reference: string,
  reservationIdentifier: string | undefined,
): Promise<{ Reference: string; status: 'cancelled'; refund: number }> {
  const { refundId, price } = await ctx.db.transaction().execute(async (trx) => {
    const v = await ownVoucher(trx, customerId, reference, reservationIdentifier);
    if (voucherStatus(v, ctx.now) !== 'active')
      throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE', 'only an unused, valid voucher can be cancelled');
    if (!v.transaction_id) {
      const contact = ctx.settings.customerArea.boxOfficeContact;
      throw new AppError('BALANCE_IS_DUE', 'the refund cannot go back to the original payment online', {
        contact: contact.en ?? contact.he ?? '',
      });
    }
    await trx
      .updateTable('system_vouchers')
      .set({ state: 'cancelled', cancelled_by: 'customer' })
      .where('reference', '=', reference)
      .execute();
    const refundId = await writeRefund(trx, {
      transactionId: v.transaction_id,
      paymentId: null,
      reservationIdentifier: v.reservation_identifier,
      voucherReference: reference,
      amount: v.price,
      now: ctx.now,
    });
    return { refundId, price: v.price };
  });
  await sendRefunds(ctx.db, ctx.payments, [refundId], () => ctx.now);
  return { Reference: reference, status: 'cancelled' as const, refund: price };
}

/**
 * POST /system-vouchers/{ref}/replacement: marks the voucher IsForReplacement with new dates (spec sections
 * 4 and 9): its exchange window opens now and lasts the configured number of days, or to the voucher's
 * own end where that is later (issue 35: a gift card valid for a year is not cut to a month). Its
 * purchase date stays: the personal area shows when it was bought, not when it was replaced.
 */
export async function replaceVoucher(
  ctx: AreaContext,
  customerId: string,
  reference: string,
  reservationIdentifier: string | undefined,
): Promise<SystemVoucher> {
  return ctx.db.transaction().execute(async (trx) => {
    const v = await ownVoucher(trx, customerId, reference, reservationIdentifier);
    if (v.is_for_replacement === 1)
      throw new AppError('SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT', 'this voucher is already for replacement');
    if (v.sold_in_outlet !== 1)
      throw new AppError(
        'SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET',
        'this voucher was not sold here; contact support',
      );
    const status = voucherStatus(v, ctx.now);
    if (status !== 'active' && status !== 'partially_redeemed')
      throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE', `a voucher that is ${status} cannot be replaced`);
    const dates = replacementDates(
      Number(v.end_date),
      ctx.now,
      ctx.settings.customerArea.replacementVoucherDays,
    );
    await trx
      .updateTable('system_vouchers')
      .set({ is_for_replacement: 1, start_date: dates.startDate, end_date: dates.endDate })
      .where('reference', '=', reference)
      .execute();
    const [updated] = await voucherRows(trx, { reference });
    return toVoucher(updated!, ctx.now);
  });
}
