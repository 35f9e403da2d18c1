import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import type { VoucherPayment } from '../../../../src/api/contract/order.ts';
import type { OwnGiftCard } from '../../../../src/api/contract/vouchers.ts';
import { maskGiftCard } from '../../../../src/domain/payment/giftCard.ts';
import type { Database } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import { hmac } from '../../customers/secrets.ts';
import type { Trx } from '../lines/types.ts';

type Db = Kysely<Database> | Trx;

/**
 * A logged-in customer's own gift cards at the checkout (issue 35): the voucher dialog offers them by a
 * key, and the checkout pays with one by that key, so the shop never needs (or shows) the code. The key
 * is an HMAC of the code with the server's secret: stable, not reversible, and it pays only for the
 * customer who owns the card (checked here against the session's account, never taken from the client).
 */
export function giftCardId(secret: Buffer, reference: string): string {
  return hmac(secret, `gift-card/v1:${reference}`).slice(0, 22);
}

/**
 * The customer's gift cards (stored-value vouchers); `usableAt`: only those that could pay then (active,
 * begun, not expired, not for replacement, with a balance). Cards of an order sent as a gift are the
 * recipient's to spend, so they are left out even though the buyer's account holds them.
 */
function ownGiftCardRows(db: Db, accountId: string, usableAt: number | null) {
  let q = db
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .select(['v.reference', 'v.balance', 'v.end_date', 'k.name_json'])
    .where('v.customer_id', '=', accountId)
    .where('k.is_stored_value', '=', 1);
  if (usableAt !== null)
    q = q
      .where('v.state', '=', 'active')
      .where('v.is_for_replacement', '=', 0)
      .where('v.start_date', '<=', usableAt)
      .where('v.end_date', '>', usableAt)
      .where('v.balance', '>', 0);
  return q
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_gifts as g')
            .select('g.reservation_identifier')
            .whereRef('g.reservation_identifier', '=', 'v.reservation_identifier'),
        ),
      ),
    )
    .orderBy('v.end_date')
    .orderBy('v.reference')
    .execute();
}

/** GET /customer-area/gift-cards: what each of the customer's gift cards can pay now, the soonest to expire first. */
export async function listOwnGiftCards(
  db: Db,
  secret: Buffer,
  accountId: string,
  now: number,
): Promise<OwnGiftCard[]> {
  const rows = await ownGiftCardRows(db, accountId, now);
  if (rows.length === 0) return [];
  // What pending orders have set aside of each card (as the checkout counts it: vouchers.ts).
  const pending = await db
    .selectFrom('order_payments')
    .select('voucher_reference')
    .select((eb) => eb.fn.sum<number | string>('amount').as('n'))
    .where(
      'voucher_reference',
      'in',
      rows.map((r) => r.reference),
    )
    .where('status', '=', 'pending')
    .groupBy('voucher_reference')
    .execute();
  const setAside = new Map(pending.map((p) => [p.voucher_reference, Number(p.n)]));
  return rows
    .map((r) => ({
      id: giftCardId(secret, r.reference),
      code: maskGiftCard(r.reference),
      name: JSON.parse(r.name_json) as LocalizedText,
      balance: Math.max(0, r.balance - (setAside.get(r.reference) ?? 0)),
      endDate: new Date(Number(r.end_date)).toISOString(),
    }))
    .filter((c) => c.balance > 0);
}

/** A voucher payment as the checkout applies it: by the card's code. */
export type CodedVoucherPayment = VoucherPayment & { systemVoucher: string };

/**
 * The cart's voucher payments with every `giftCardId` turned into its card's code: only a card of the
 * logged-in customer's own (as `listOwnGiftCards` offers them) answers to its key; anything else is
 * refused as not theirs (403 not_your_item), without saying whether such a card exists. Checking the
 * card itself (balance, dates) is left to the checkout, as for a typed code.
 */
export async function ownGiftCardPayments(
  db: Db,
  payments: readonly VoucherPayment[],
  accountId: string | null,
  secret: Buffer | undefined,
): Promise<CodedVoucherPayment[]> {
  if (payments.every((p): p is CodedVoucherPayment => p.systemVoucher !== undefined))
    return payments as CodedVoucherPayment[];
  if (accountId === null) throw new AppError('not_logged_in', 'log in to pay with your own gift cards');
  if (!secret) throw new Error('the server secret is needed to pay by a gift card id');
  // Every card of theirs, usable or not: the checkout then says why one cannot pay (expired, no balance).
  const byId = new Map(
    (await ownGiftCardRows(db, accountId, null)).map((r) => [giftCardId(secret, r.reference), r.reference]),
  );
  return payments.map((p) => {
    if (p.systemVoucher !== undefined) return p as CodedVoucherPayment;
    const reference = byId.get(p.giftCardId ?? '');
    if (!reference) throw new AppError('not_your_item', 'this gift card is not one of yours');
    return { ...p, systemVoucher: reference };
  });
}
