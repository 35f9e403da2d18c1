import type { Kysely, Transaction } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { Settings } from '../../../src/api/contract/session.ts';
import type { TicketCodeResult } from '../../../src/api/contract/vouchers.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { voucherBalance } from '../checkout/payments/vouchers.ts';
import { type HiddenTicket, toCodeTicket } from './codeTickets.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface CodeContext {
  db: Db;
  now: number;
  settings: Settings;
}

/** The presentation a code is typed for. */
export interface CodePresentation {
  id: number;
  businessDate: string;
}

export type SystemVoucherRow = NonNullable<Awaited<ReturnType<typeof findSystemVoucher>>>;

/** The system voucher whose reference is `code` (references are kept upper case), if any. */
export function findSystemVoucher(db: Db, code: string) {
  return db
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .select(['v.reference', 'v.class_id', 'v.balance', 'v.state', 'v.start_date', 'v.end_date'])
    .select(['v.is_for_replacement', 'v.valid_date', 'k.is_stored_value', 'k.name_json'])
    .where('v.reference', '=', code)
    .executeTakeFirst();
}

/**
 * The tickets a ticket voucher still pays for: its balance (uses not yet redeemed) less the uses that
 * pending orders have claimed. Inside a checkout the voucher's row is locked first, so two orders never
 * both count the same last use.
 */
export async function voucherUsesLeft(db: Db, reference: string, balance: number): Promise<number> {
  const claimed = await db
    .selectFrom('voucher_redemptions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('uses'), eb.lit(0)).as('n'))
    .where('voucher_reference', '=', reference)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Math.max(0, Number(balance) - Number(claimed.n));
}

/**
 * A ticket voucher typed as a code: it must be active (not cancelled, scanned or set for replacement,
 * its validity begun: SYSTEM_VOUCHER_NOT_ACTIVE), not expired (voucherExpired) and have a use left
 * (voucherBalance). It unlocks the presentation's hidden tickets of its class; a dated voucher only at a
 * presentation of its date.
 */
async function ticketVoucher(
  ctx: CodeContext,
  p: CodePresentation,
  v: SystemVoucherRow,
  hidden: readonly HiddenTicket[],
): Promise<TicketCodeResult> {
  const params = { code: v.reference };
  if (v.state !== 'active' || v.is_for_replacement === 1 || v.start_date > ctx.now)
    throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE', 'this voucher is not active', params);
  if (v.end_date <= ctx.now) throw new AppError('voucherExpired', 'this voucher has expired', params);
  const uses = await voucherUsesLeft(ctx.db, v.reference, v.balance);
  if (uses <= 0) throw new AppError('voucherBalance', 'this voucher has no uses left', params);
  const onItsDate = v.valid_date === null || v.valid_date === p.businessDate;
  return {
    code: v.reference,
    kind: 'voucher',
    name: JSON.parse(v.name_json) as LocalizedText,
    uses,
    balance: null,
    endDate: new Date(v.end_date).toISOString(),
    tickets: onItsDate ? hidden.filter((h) => h.row.voucher_class_id === v.class_id).map(toCodeTicket) : [],
  };
}

/**
 * A gift card typed as a code: it unlocks no ticket but pays at the payment step, which the shop does by
 * itself; where the order's voucher payments are off it cannot (autoApplyVoucherRequired). Its own
 * problems are the voucher payment's (not active, expired, no balance), named with the code typed.
 */
async function giftCard(ctx: CodeContext, v: SystemVoucherRow): Promise<TicketCodeResult> {
  const params = { code: v.reference };
  if (!ctx.settings.customerInfo.order.isVoucherPaymentEnabled)
    throw new AppError('autoApplyVoucherRequired', 'gift cards do not pay for orders here', params);
  try {
    const b = await voucherBalance(ctx.db, v.reference, ctx.now);
    return {
      code: b.reference,
      kind: 'giftCard',
      name: b.name,
      uses: null,
      balance: b.balance,
      endDate: b.endDate,
      tickets: [],
    };
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, params);
    throw err;
  }
}

/** A system voucher typed as a ticket code: a ticket voucher, or a gift card. */
export function systemVoucherCode(
  ctx: CodeContext,
  p: CodePresentation,
  v: SystemVoucherRow,
  hidden: readonly HiddenTicket[],
): Promise<TicketCodeResult> {
  return v.is_stored_value === 1 ? giftCard(ctx, v) : ticketVoucher(ctx, p, v, hidden);
}
