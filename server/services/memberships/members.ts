import { randomInt } from 'node:crypto';
import { addMonthsIso, renewedEndDate } from '../../../src/domain/membershipRules.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import type { Trx } from '../checkout/lines/types.ts';
import { voucherReference } from '../vouchers/issue.ts';

const DAY = 86_400_000;

/**
 * A member number nobody has: 8 digits starting with `first` (9: memberships sold online, 8: season
 * subscribers; the box office's own run from 7100).
 */
export async function freshMemberNumber(trx: Trx, first: 8 | 9 = 9): Promise<string> {
  for (;;) {
    const n = String(first * 10_000_000 + randomInt(0, 10_000_000));
    const taken = await trx
      .selectFrom('members')
      .select('member_number')
      .where('member_number', '=', n)
      .executeTakeFirst();
    if (!taken) return n;
  }
}

async function freshVoucherReference(trx: Trx): Promise<string> {
  for (;;) {
    const r = voucherReference();
    const taken = await trx
      .selectFrom('system_vouchers')
      .select('reference')
      .where('reference', '=', r)
      .executeTakeFirst();
    if (!taken) return r;
  }
}

const endOfDate = (isoDate: string) => Date.parse(`${isoDate}T23:59:59Z`);

/**
 * The payment of an order with memberships is approved: each new membership becomes a member (a fresh
 * member number, its balance and points, from today for the membership's months), a renewal extends its
 * member's end date, a top-up adds to the member's balance; a price with a SystemVoucherReference issues
 * a voucher of that class to the customer, good as long as the membership. Runs once: a line done
 * already (its member made, or its member marked with this order) is skipped.
 */
export async function fulfilMembershipLines(trx: Trx, now: number, reservationIdentifier: string) {
  const lines = await trx
    .selectFrom('order_membership_lines as l')
    .innerJoin('membership_prices as p', 'p.id', 'l.price_id')
    .innerJoin('memberships as m', 'm.id', 'l.membership_id')
    .select([
      'l.line',
      'l.membership_id',
      'l.price_id',
      'l.kind',
      'l.member_number',
      'l.unit_price',
      'l.discount',
    ])
    .select(['p.system_voucher_class_id', 'p.top_up_balance'])
    .select(['m.ticket_balance', 'm.points_balance', 'm.validity_months'])
    .where('l.reservation_identifier', '=', reservationIdentifier)
    .orderBy('l.line')
    .execute();
  if (lines.length === 0) return;
  const order = await trx
    .selectFrom('orders')
    .select(['account_id', 'customer_id'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirstOrThrow();
  const customerId = order.account_id ?? order.customer_id;
  const today = calendarDate(now);
  for (const l of lines) {
    let endDate: string;
    if (l.kind === 'new') {
      if (l.member_number !== null) continue;
      const memberNumber = await freshMemberNumber(trx);
      endDate = addMonthsIso(today, l.validity_months);
      await trx
        .insertInto('members')
        .values({
          member_number: memberNumber,
          membership_id: l.membership_id,
          customer_id: customerId,
          membership_identifier: `${reservationIdentifier}-${l.line}`,
          additional_name: null,
          balance: l.ticket_balance,
          used_balance: 0,
          points_balance: l.points_balance,
          start_date: today,
          end_date: endDate,
          reservation_identifier: reservationIdentifier,
          price_id: l.price_id,
          state: 'active',
        })
        .execute();
      await trx
        .updateTable('order_membership_lines')
        .set({ member_number: memberNumber })
        .where('reservation_identifier', '=', reservationIdentifier)
        .where('line', '=', l.line)
        .execute();
    } else {
      const member = await trx
        .selectFrom('members')
        .select(['end_date', 'balance', 'used_balance', 'reservation_identifier'])
        .where('member_number', '=', l.member_number ?? '')
        .executeTakeFirst();
      if (!member || member.reservation_identifier === reservationIdentifier) continue;
      endDate = member.end_date;
      // What a cancellation of this order restores.
      await trx
        .updateTable('order_membership_lines')
        .set({ previous_json: JSON.stringify({ endDate: member.end_date, balance: member.balance }) })
        .where('reservation_identifier', '=', reservationIdentifier)
        .where('line', '=', l.line)
        .execute();
      if (l.kind === 'renewal') {
        endDate = renewedEndDate(member.end_date, today, l.validity_months);
        // A renewed ticket balance starts afresh: the membership's tickets are all left again.
        const balance = l.ticket_balance > 0 ? member.used_balance + l.ticket_balance : member.balance;
        await trx
          .updateTable('members')
          .set({
            end_date: endDate,
            balance,
            reservation_identifier: reservationIdentifier,
            price_id: l.price_id,
          })
          .where('member_number', '=', l.member_number!)
          .execute();
      } else {
        await trx
          .updateTable('members')
          .set((eb) => ({
            balance: eb('balance', '+', l.top_up_balance),
            reservation_identifier: reservationIdentifier,
          }))
          .where('member_number', '=', l.member_number!)
          .execute();
      }
    }
    if (l.system_voucher_class_id !== null) {
      const cls = await trx
        .selectFrom('system_voucher_classes')
        .select(['uses', 'is_stored_value'])
        .where('id', '=', l.system_voucher_class_id)
        .executeTakeFirstOrThrow();
      const held = cls.is_stored_value === 1 ? 0 : Math.max(1, cls.uses);
      await trx
        .insertInto('system_vouchers')
        .values({
          reference: await freshVoucherReference(trx),
          class_id: l.system_voucher_class_id,
          customer_id: customerId,
          reservation_identifier: reservationIdentifier,
          quantity: held,
          price: 0,
          redeemed: 0,
          balance: held,
          created_at: now,
          start_date: now,
          end_date: Math.max(now + DAY, endOfDate(endDate)),
          state: 'active',
          sold_in_outlet: 1,
          transaction_id: null,
          cancelled_by: null,
        })
        .execute();
    }
  }
}

/**
 * A paid order with memberships is cancelled: its new members are cancelled, a renewal or top-up puts the
 * member back as it was (its end date; its balance, never below what was used since), and the vouchers it
 * issued that were never used are cancelled.
 */
export async function cancelMembershipLines(trx: Trx, reservationIdentifier: string) {
  const lines = await trx
    .selectFrom('order_membership_lines as l')
    .innerJoin('membership_prices as p', 'p.id', 'l.price_id')
    .innerJoin('memberships as m', 'm.id', 'l.membership_id')
    .select(['l.kind', 'l.member_number', 'l.previous_json', 'p.top_up_balance', 'm.validity_months'])
    .where('l.reservation_identifier', '=', reservationIdentifier)
    .execute();
  if (lines.length === 0) return;
  for (const l of lines) {
    if (l.member_number === null) continue;
    const member = await trx
      .selectFrom('members')
      .select(['end_date', 'balance', 'used_balance', 'reservation_identifier', 'state'])
      .where('member_number', '=', l.member_number)
      .executeTakeFirst();
    if (!member || member.reservation_identifier !== reservationIdentifier || member.state === 'cancelled')
      continue;
    const before = l.previous_json
      ? (JSON.parse(l.previous_json) as { endDate: string; balance: number })
      : null;
    const set =
      l.kind === 'new'
        ? { state: 'cancelled' }
        : l.kind === 'renewal'
          ? {
              end_date: before?.endDate ?? addMonthsIso(member.end_date, -l.validity_months),
              balance: Math.max(member.used_balance, before?.balance ?? member.balance),
              reservation_identifier: null,
            }
          : {
              balance: Math.max(member.used_balance, member.balance - l.top_up_balance),
              reservation_identifier: null,
            };
    await trx.updateTable('members').set(set).where('member_number', '=', l.member_number).execute();
  }
  await trx
    .updateTable('system_vouchers')
    .set({ state: 'cancelled', cancelled_by: 'customer' })
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('offer_id', 'is', null)
    .where('state', '=', 'active')
    .where('redeemed', '=', 0)
    .whereRef('balance', '=', 'quantity')
    .execute();
}
