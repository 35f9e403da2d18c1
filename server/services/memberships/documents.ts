import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { MembershipSeat, OrderMembership } from '../../../src/api/contract/memberships.ts';
import type { Database } from '../../db/types.ts';

const text = (json: string) => JSON.parse(json) as LocalizedText;

/** The memberships an order bought, renewed or topped up, with their members once paid. */
export async function loadOrderMemberships(
  db: Kysely<Database>,
  reservationIdentifier: string,
): Promise<OrderMembership[]> {
  const lines = await db
    .selectFrom('order_membership_lines as l')
    .innerJoin('memberships as m', 'm.id', 'l.membership_id')
    .innerJoin('membership_prices as p', 'p.id', 'l.price_id')
    .leftJoin('members as mb', 'mb.member_number', 'l.member_number')
    .leftJoin('membership_terms as mt', 'mt.id', 'p.terms_id')
    .select(['l.membership_id', 'l.kind', 'l.member_number', 'l.unit_price', 'l.discount', 'l.currency_code'])
    .select(['l.seat_json', 'm.name_json', 'p.name_json as price_name_json', 'p.system_voucher_class_id'])
    .select(['mb.start_date', 'mb.end_date', 'mb.balance', 'mb.used_balance', 'mb.state'])
    .select(['p.top_up_balance', 'mt.title_json as terms_title_json'])
    .where('l.reservation_identifier', '=', reservationIdentifier)
    .orderBy('l.line')
    .execute();
  if (lines.length === 0) return [];
  const vouchers = await db
    .selectFrom('system_vouchers')
    .select(['reference', 'class_id'])
    .where('reservation_identifier', '=', reservationIdentifier)
    .where('offer_id', 'is', null)
    .where('state', '!=', 'cancelled')
    .orderBy('created_at')
    .orderBy('reference')
    .execute();
  return lines.map((l) => {
    const i = vouchers.findIndex((v) => v.class_id === l.system_voucher_class_id);
    const mine = i >= 0 ? vouchers.splice(i, 1).map((v) => v.reference) : [];
    return {
      membershipId: l.membership_id,
      name: text(l.name_json),
      priceName: text(l.price_name_json),
      kind: l.kind,
      memberNumber: l.member_number,
      unitPrice: l.unit_price,
      discount: l.discount,
      total: l.unit_price - l.discount,
      currencyCode: l.currency_code,
      startDate: l.start_date ?? null,
      endDate: l.end_date ?? null,
      balance: l.balance === null || l.used_balance === null ? null : l.balance - l.used_balance,
      isCancelled: l.state === 'cancelled',
      seat: l.seat_json ? (JSON.parse(l.seat_json) as MembershipSeat) : null,
      vouchers: mine,
      topUpTickets: l.kind === 'topUp' ? l.top_up_balance : 0,
      termsTitle: l.terms_title_json ? text(l.terms_title_json) : null,
    };
  });
}
