import type { Kysely, Selectable } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import {
  MEMBERSHIP_MAX_QUANTITY,
  type MembershipForSale,
  type MembershipPrice,
  type MembershipReference,
} from '../../../src/api/contract/memberships.ts';
import { currencyOf, discountAmount, samePriceCode } from '../../../src/domain/membershipRules.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;
export type MembershipRow = Selectable<Database['memberships']>;
export type PriceRow = Selectable<Database['membership_prices']> & {
  discount_name_json: string | null;
  discount_percent: number | null;
};

const text = (json: string) => JSON.parse(json) as LocalizedText;
const textOrNull = (json: string | null) => (json ? text(json) : null);

/** The memberships on sale (those with a code), by sort; `ids` narrows them. */
export function membershipsOnSale(db: Db, ids?: readonly number[]): Promise<MembershipRow[]> {
  let q = db.selectFrom('memberships').selectAll().where('is_for_sale', '=', 1).where('code', 'is not', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  return q.orderBy('sort').orderBy('id').execute();
}

/** The prices of these memberships, with their discount. */
export function pricesOf(db: Db, membershipIds: readonly number[]): Promise<PriceRow[]> {
  if (membershipIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('membership_prices as p')
    .leftJoin('membership_discounts as d', 'd.id', 'p.discount_id')
    .selectAll('p')
    .select(['d.name_json as discount_name_json', 'd.percent as discount_percent'])
    .where('p.membership_id', 'in', membershipIds)
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
}

export const referencesOf = (p: { references_json: string | null }): MembershipReference[] =>
  p.references_json ? (JSON.parse(p.references_json) as MembershipReference[]) : [];

function priceOf(p: PriceRow): MembershipPrice {
  const percent = p.discount_percent ?? 0;
  return {
    MembershipPriceId: p.id,
    PriceCode: p.price_code,
    Price: p.price,
    name: text(p.name_json),
    currency: currencyOf(p.currency_code),
    SystemVoucherReference: p.system_voucher_class_id,
    DiscountId: p.discount_id,
    discount:
      p.discount_id !== null && p.discount_name_json
        ? { name: text(p.discount_name_json), percent, amount: discountAmount(p.price, percent) }
        : null,
    references: referencesOf(p),
    termsId: p.terms_id,
    kind: p.kind,
    topUpBalance: p.top_up_balance,
  };
}

/**
 * The memberships for sale as the shop shows them. A hidden price (with a price code) is shown only
 * when `priceCode` is its code; `withKinds` picks the kinds of price shown (new ones on the list).
 */
export async function describeMemberships(
  db: Db,
  rows: readonly MembershipRow[],
  opts: { priceCode?: string; kinds?: readonly MembershipPrice['kind'][] } = {},
): Promise<MembershipForSale[]> {
  const ids = rows.map((r) => r.id);
  const prices = await pricesOf(db, ids);
  const termIds = [...new Set(prices.map((p) => p.terms_id).filter((t): t is number => t !== null))];
  const terms = termIds.length
    ? await db.selectFrom('membership_terms').selectAll().where('id', 'in', termIds).execute()
    : [];
  const enrolment = new Set(
    ids.length
      ? (
          await db
            .selectFrom('enrolment_memberships')
            .select('membership_id')
            .where('membership_id', 'in', ids)
            .execute()
        ).map((e) => e.membership_id)
      : [],
  );
  const seated = ids.filter((id) => rows.find((r) => r.id === id)?.has_seats === 1);
  const shows = seated.length
    ? await db
        .selectFrom('membership_presentations as m')
        .innerJoin('presentations as p', 'p.id', 'm.presentation_id')
        .innerJoin('features as f', 'f.id', 'p.feature_id')
        .select(['m.membership_id', 'p.id', 'p.starts_at', 'p.venue_id', 'p.seatplan_id', 'f.title_json'])
        .where('m.membership_id', 'in', seated)
        .orderBy('p.starts_at')
        .execute()
    : [];
  return rows.map((r) => {
    const mine = prices.filter(
      (p) =>
        p.membership_id === r.id &&
        (p.price_code === null || samePriceCode(p.price_code, opts.priceCode)) &&
        (!opts.kinds || opts.kinds.includes(p.kind)),
    );
    const mineTerms = new Set(mine.map((p) => p.terms_id));
    return {
      MembershipId: r.id,
      Name: text(r.name_json),
      Code: r.code ?? '',
      ClassName: r.class_name,
      MembershipTypeId: r.type_id,
      subtitle: textOrNull(r.subtitle_json),
      description: textOrNull(r.description_json),
      prices: mine.map(priceOf),
      terms: terms
        .filter((t) => mineTerms.has(t.id))
        .map((t) => ({ termsId: t.id, title: text(t.title_json), body: text(t.body_json) })),
      hasSeats: r.has_seats === 1,
      presentations: shows
        .filter((s) => s.membership_id === r.id)
        .map((s) => ({
          id: s.id,
          title: text(s.title_json),
          dateTime: new Date(Number(s.starts_at)).toISOString(),
          venueId: s.venue_id,
          seatplanId: s.seatplan_id,
        })),
      isEnrolment: enrolment.has(r.id),
      ticketBalance: r.ticket_balance,
      validityMonths: r.validity_months,
      maxQuantity: MEMBERSHIP_MAX_QUANTITY,
    };
  });
}

/** The presentations a membership with seats carries a seat in. */
export async function membershipPresentations(
  db: Db,
  membershipId: number,
): Promise<{ id: number; venueId: number; seatplanId: number }[]> {
  const rows = await db
    .selectFrom('membership_presentations as m')
    .innerJoin('presentations as p', 'p.id', 'm.presentation_id')
    .select(['p.id', 'p.venue_id', 'p.seatplan_id'])
    .where('m.membership_id', '=', membershipId)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, venueId: r.venue_id, seatplanId: r.seatplan_id }));
}
