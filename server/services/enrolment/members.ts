import { calendarDate } from '../../../src/domain/venue.ts';
import type { Trx } from '../checkout/lines/types.ts';
import { freshMemberNumber } from '../memberships/members.ts';

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
  const number = await freshMemberNumber(trx, 8);
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
