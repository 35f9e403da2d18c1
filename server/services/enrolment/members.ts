import { randomInt } from 'node:crypto';
import { calendarDate } from '../../../src/domain/venue.ts';
import type { Trx } from '../checkout/lines/types.ts';

/** A member number nobody has: 8 digits starting with 8 (season subscribers). */
export async function freshSubscriberNumber(trx: Trx): Promise<string> {
  for (;;) {
    const n = String(80_000_000 + randomInt(0, 10_000_000));
    const taken = await trx
      .selectFrom('members')
      .select('member_number')
      .where('member_number', '=', n)
      .executeTakeFirst();
    if (!taken) return n;
  }
}

/**
 * The paid enrolment makes the subscriber a member of its membership: a fresh member number, from today
 * to the day of the season's last concert of the order; the order's tickets carry the number.
 */
export async function makeSubscriber(
  trx: Trx,
  now: number,
  enrolment: { membership_id: number; customer_id: string; reservation_identifier: string },
): Promise<string> {
  const last = await trx
    .selectFrom('order_tickets as t')
    .innerJoin('presentations as p', 'p.id', 't.presentation_id')
    .select((eb) => eb.fn.max('p.starts_at').as('last'))
    .where('t.reservation_identifier', '=', enrolment.reservation_identifier)
    .executeTakeFirst();
  const number = await freshSubscriberNumber(trx);
  const today = calendarDate(now);
  const end = last?.last ? calendarDate(Number(last.last)) : today;
  await trx
    .insertInto('members')
    .values({
      member_number: number,
      membership_id: enrolment.membership_id,
      customer_id: enrolment.customer_id,
      membership_identifier: number,
      additional_name: null,
      balance: 0,
      used_balance: 0,
      points_balance: 0,
      start_date: today,
      end_date: end < today ? today : end,
      reservation_identifier: enrolment.reservation_identifier,
      state: 'active',
    })
    .execute();
  await trx
    .updateTable('order_tickets')
    .set({ member_number: number })
    .where('reservation_identifier', '=', enrolment.reservation_identifier)
    .execute();
  return number;
}
