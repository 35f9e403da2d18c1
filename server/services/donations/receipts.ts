import { calendarDate, VENUE_TIME_ZONE } from '../../../src/domain/venue.ts';
import type { Trx } from '../checkout/lines/types.ts';

/**
 * Gives a paid order that holds donations its receipt number, `D-<year>-<6 digits>`, numbered in sequence
 * within the year (a tax receipt's number is consecutive). The year's counter is a row of `meta` locked
 * until the confirming transaction ends, so two confirmations never take the same number; a number given
 * once is kept (a confirmation that runs again changes nothing).
 */
export async function giveReceiptNumber(trx: Trx, reservationIdentifier: string, now: number): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select('receipt_number')
    .where('reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirstOrThrow();
  if (order.receipt_number) return;
  const year = calendarDate(now, VENUE_TIME_ZONE).slice(0, 4);
  const key = `donation_receipt_seq:${year}`;
  await trx
    .insertInto('meta')
    .values({ key, value: '0' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await trx
    .selectFrom('meta')
    .select('value')
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const next = Number(row.value) + 1;
  await trx
    .updateTable('meta')
    .set({ value: String(next) })
    .where('key', '=', key)
    .execute();
  await trx
    .updateTable('orders')
    .set({ receipt_number: `D-${year}-${String(next).padStart(6, '0')}` })
    .where('reservation_identifier', '=', reservationIdentifier)
    .execute();
}
