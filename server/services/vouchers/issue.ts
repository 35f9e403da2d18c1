import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { BUSINESS_DAY_STARTS_AT_HOUR, VENUE_TIME_ZONE, addDaysIso } from '../../../src/domain/venue.ts';
import type { Trx } from '../checkout/lines/types.ts';

const DAY = 86_400_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A voucher's code: 12 characters customers can read aloud (no 0/O or 1/I) grouped XXXX-XXXX-XXXX, from
 * crypto randomness (32 letters: each byte modulo 32 is unbiased), 60 bits: not guessable.
 */
export function voucherReference(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (let i = 0; i < 12; i++) {
    if (i > 0 && i % 4 === 0) out += '-';
    out += ALPHABET[bytes[i]! % ALPHABET.length];
  }
  return out;
}

/**
 * The instant a business date (YYYY-MM-DD) ends in `timeZone`: the next calendar day at the hour the
 * business day starts (a show after midnight still belongs to the date), so a dated voucher is good for
 * every show of its date.
 */
export function endOfBusinessDate(date: string, timeZone: string = VENUE_TIME_ZONE): number {
  const [y, m, d] = addDaysIso(date, 1).split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, BUSINESS_DAY_STARTS_AT_HOUR, 0, timeZone).getTime();
}

/** `n` references no voucher has yet (a repeat is astronomically rare, but a primary key must not fail). */
async function freshReferences(trx: Trx, n: number): Promise<string[]> {
  const out = new Set<string>();
  while (out.size < n) {
    const batch = Array.from({ length: n - out.size }, voucherReference).filter((r) => !out.has(r));
    const taken = new Set(
      (
        await trx.selectFrom('system_vouchers').select('reference').where('reference', 'in', batch).execute()
      ).map((r) => r.reference),
    );
    for (const r of batch) if (!taken.has(r)) out.add(r);
  }
  return [...out];
}

/**
 * Issues the system vouchers of a paid order (its `order_voucher_lines`), one row per voucher bought,
 * owned by the account that bought them: active from now, until now + the offer's validity days (a dated
 * voucher: the end of its business date, `valid_date` that date); a gift card holds its value in agorot,
 * a ticket voucher its class's uses. The refund of a voucher cancelled in the personal area goes back to
 * the order's card payment when that payment paid the whole order (`transaction_id`); otherwise the box
 * office refunds it.
 */
export async function issueOrderVouchers(
  trx: Trx,
  reservationIdentifier: string,
  now: number,
): Promise<void> {
  const lines = await trx
    .selectFrom('order_voucher_lines as l')
    .innerJoin('voucher_offers as o', 'o.id', 'l.offer_id')
    .select(['l.line', 'l.offer_id', 'l.date', 'l.unit_price', 'l.unit_value', 'l.quantity'])
    .select(['o.class_id', 'o.validity_days'])
    .where('l.reservation_identifier', '=', reservationIdentifier)
    .orderBy('l.line')
    .execute();
  if (lines.length === 0) return;
  const issued = await trx
    .selectFrom('system_vouchers')
    .select('reference')
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('offer_id', 'is not', null)
    .executeTakeFirst();
  if (issued) return;
  const order = await trx
    .selectFrom('orders')
    .select(['account_id', 'customer_id'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirstOrThrow();
  const payments = await trx
    .selectFrom('order_payments')
    .select(['method', 'provider_ref'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('status', '=', 'approved')
    .execute();
  const card = payments.length === 1 && payments[0]!.method !== 'voucher' ? payments[0]!.provider_ref : null;
  const count = lines.reduce((a, l) => a + l.quantity, 0);
  const references = await freshReferences(trx, count);
  const rows = lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({
      reference: references.pop()!,
      class_id: l.class_id,
      // Voucher lines need a logged-in customer; the order's own customer row is only a fallback.
      customer_id: order.account_id ?? order.customer_id,
      reservation_identifier: reservationIdentifier,
      quantity: l.unit_value,
      price: l.unit_price,
      redeemed: 0,
      balance: l.unit_value,
      created_at: now,
      start_date: now,
      end_date: l.date ? endOfBusinessDate(l.date) : now + l.validity_days * DAY,
      state: 'active' as const,
      sold_in_outlet: 1,
      transaction_id: card,
      cancelled_by: null,
      offer_id: l.offer_id,
      valid_date: l.date,
    })),
  );
  await trx.insertInto('system_vouchers').values(rows).execute();
}

/**
 * Cancels the vouchers a cancelled order issued that were never used: not redeemed in part, with no
 * payment or ticket claim pending on them. Used ones stay the customer's.
 */
export async function cancelOrderVouchers(trx: Trx, reservationIdentifier: string): Promise<void> {
  await trx
    .updateTable('system_vouchers')
    .set({ state: 'cancelled', cancelled_by: 'customer' })
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('offer_id', 'is not', null)
    .where('state', '=', 'active')
    .where('redeemed', '=', 0)
    .whereRef('balance', '=', 'quantity')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_payments as p')
            .select('p.id')
            .whereRef('p.voucher_reference', '=', 'system_vouchers.reference')
            .where('p.status', '=', 'pending'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('voucher_redemptions as r')
            .select('r.id')
            .whereRef('r.voucher_reference', '=', 'system_vouchers.reference')
            .where('r.status', '=', 'pending'),
        ),
      ),
    )
    .execute();
}
