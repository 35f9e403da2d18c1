import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import type { Database } from '../../db/types.ts';
import { loadOrderMemberships } from '../memberships/documents.ts';
import { loadOrderEnrolment } from './enrolmentDocument.ts';

const text = (json: string) => JSON.parse(json) as LocalizedText;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const ALL = { vouchers: true, donations: true, memberships: true, enrolment: true };

/**
 * What an order bought besides seats, as its documents show it: the system vouchers it issued (each
 * printable with its code; a voucher cancelled since is left out, its code no longer works), its donation
 * lines, and the donation receipt once the order is paid (donor, date of the payment, receipt number);
 * the memberships it sold and the season enrolment it made, with their member numbers once paid.
 */
export async function loadOrderPurchases(
  db: Kysely<Database>,
  order: {
    reservation_identifier: string;
    receipt_number: string | null;
    donations_total: number | null;
    confirmed_at: number | string | null;
    customerName: string;
  },
  /** Which of these the order has rows of (contents.ts); the rest are not read. Unknown: all are read. */
  has: { vouchers: boolean; donations: boolean; memberships: boolean; enrolment: boolean } = ALL,
): Promise<Pick<OrderDocument, 'vouchers' | 'donations' | 'donationReceipt' | 'memberships' | 'enrolment'>> {
  const id = order.reservation_identifier;
  const vouchers = !has.vouchers
    ? []
    : await db
        .selectFrom('system_vouchers as v')
        .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
        .leftJoin('voucher_offers as o', 'o.id', 'v.offer_id')
        .select([
          'v.reference',
          'v.price',
          'v.quantity',
          'v.start_date',
          'v.end_date',
          'v.valid_date',
          'k.name_json as class_name_json',
          'k.benefit_json',
          'k.terms_json',
          'k.is_stored_value',
          'o.name_json as offer_name_json',
        ])
        .where('v.reservation_identifier', '=', id)
        .where('v.offer_id', 'is not', null)
        .where('v.state', '!=', 'cancelled')
        .orderBy('v.offer_id')
        .orderBy('v.reference')
        .execute();
  const donations = !has.donations
    ? []
    : await db
        .selectFrom('order_donation_lines as l')
        .innerJoin('donation_funds as f', 'f.id', 'l.fund_id')
        .select(['l.fund_id', 'l.amount', 'l.quantity', 'f.name_json'])
        .where('l.reservation_identifier', '=', id)
        .orderBy('l.line')
        .execute();
  return {
    vouchers: vouchers.map((v) => {
      const isStoredValue = v.is_stored_value === 1;
      return {
        reference: v.reference,
        name: text(v.offer_name_json ?? v.class_name_json),
        benefit: text(v.benefit_json),
        terms: v.terms_json ? text(v.terms_json) : null,
        isStoredValue,
        price: v.price,
        value: isStoredValue ? v.quantity : 0,
        uses: isStoredValue ? 0 : v.quantity,
        startDate: iso(v.start_date),
        endDate: iso(v.end_date),
        date: v.valid_date,
      };
    }),
    donations: donations.map((d) => ({
      fundId: d.fund_id,
      name: text(d.name_json),
      amount: d.amount,
      quantity: d.quantity,
      total: d.amount * d.quantity,
    })),
    memberships: has.memberships ? await loadOrderMemberships(db, id) : [],
    enrolment: has.enrolment ? await loadOrderEnrolment(db, id) : null,
    donationReceipt:
      order.receipt_number && order.confirmed_at !== null
        ? {
            number: order.receipt_number,
            donorName: order.customerName,
            date: iso(order.confirmed_at),
            total: order.donations_total ?? 0,
          }
        : null,
  };
}
