import type { Generated } from 'kysely';

/**
 * Memberships, members and season enrolment (migrations 003 and 011). Part of `Database` (types.ts).
 */
export interface MembershipTables {
  memberships: {
    id: number;
    name_json: string;
    class_name: string;
    /** 2: a series membership (spec section 9). */
    type_id: number;
    allow_member_sale_tickets: number;
    is_loyalty_points_redemption: number;
    /** The code of its order page (`/membership/{code}`); null: not sold online. */
    code: Generated<string | null>;
    subtitle_json: Generated<string | null>;
    description_json: Generated<string | null>;
    is_for_sale: Generated<number>;
    sort: Generated<number>;
    /** Member tickets a new member may buy (their balance); 0: no balance. */
    ticket_balance: Generated<number>;
    /** Loyalty points a new member starts with. */
    points_balance: Generated<number>;
    /** A new member's membership runs this many months from the purchase. */
    validity_months: Generated<number>;
    /** The membership carries one seat in each of its presentations (`membership_presentations`). */
    has_seats: Generated<number>;
  };
  members: {
    member_number: string;
    membership_id: number;
    customer_id: string;
    membership_identifier: string;
    additional_name: string | null;
    balance: number;
    used_balance: number;
    points_balance: number;
    start_date: string;
    end_date: string;
    /** The order that sold (or last renewed) it; null for members made at the box office. */
    reservation_identifier: Generated<string | null>;
    price_id: Generated<number | null>;
    /** 'pending' while its order is paid, 'active', 'cancelled'. */
    state: Generated<string>;
  };
  membership_terms: { id: number; title_json: string; body_json: string };
  membership_discounts: { id: number; name_json: string; percent: number };
  /** A price of a membership for sale (spec section 3: MembershipPriceId, PriceCode, Price, currency…). */
  membership_prices: {
    id: number;
    membership_id: number;
    name_json: string;
    /** A hidden price shown only to who has its code (`/membership/{code}/{priceCode}` or typed). */
    price_code: string | null;
    price: number;
    currency_code: Generated<string>;
    /** SystemVoucherReference: a voucher of this class is issued with each membership bought. */
    system_voucher_class_id: number | null;
    discount_id: number | null;
    /** Terms the customer accepts before paying. */
    terms_id: number | null;
    /** References to give (JSON [{ id, label: LocalizedText, pattern }]); null: none. */
    references_json: string | null;
    /** 'new' (a membership), 'renewal' (renews an ending one), 'topUp' (adds tickets to a member's balance). */
    kind: Generated<'new' | 'renewal' | 'topUp'>;
    /** A top-up: the tickets it adds to the balance. */
    top_up_balance: Generated<number>;
    sort: Generated<number>;
  };
  membership_presentations: { membership_id: number; presentation_id: number };
  order_membership_lines: {
    reservation_identifier: string;
    line: number;
    membership_id: number;
    price_id: number;
    kind: 'new' | 'renewal' | 'topUp';
    /** Renewal and top-up: the member; a new membership: the member number issued when paid. */
    member_number: string | null;
    unit_price: number;
    /** Taken off unit_price by the price's discount (agorot). */
    discount: Generated<number>;
    currency_code: string;
    references_json: string | null;
    /** A membership with seats: the seat chosen ({ si, x, y, tg }). */
    seat_json: string | null;
    /** A paid renewal or top-up: the member as it was before ({ endDate, balance }), so a cancellation restores it. */
    previous_json: Generated<string | null>;
  };
  seasons: { id: number; name_json: string; previous_season_id: number | null };
  /** An enrolment membership (spec section 3): a season subscription with a fixed seat. */
  enrolment_memberships: {
    membership_id: number;
    season_id: number;
    is_skip_member_seat: number;
    is_pricing_per_ticket: number;
    default_ticket_group_id: number | null;
    /** The membership's price when not priced per ticket. */
    price: number;
    /** How many of the optional presentations the subscriber chooses. */
    optional_choices: number;
  };
  enrolment_presentations: {
    membership_id: number;
    presentation_id: number;
    is_required: number;
    membership_payable_amount: number | null;
    sort: number;
  };
  /** The tariffs of an enrolment: ticket groups with their tickets at the subscription's price. */
  enrolment_tickets: { membership_id: number; ticket_group_id: number; ticket_id: number; price: number };
  enrolment_presentation_details: {
    membership_id: number;
    presentation_id: number;
    ticket_group_id: number;
    ticket_id: number;
    is_price_override: number;
    price: number;
    membership_payable_amount: number | null;
  };
  enrolments: {
    id: string;
    reservation_identifier: string | null;
    membership_id: number;
    season_id: number;
    customer_id: string;
    section_id: number;
    x: number;
    y: number;
    ticket_group_id: number;
    ticket_id: number;
    /** 'pending' while paid, 'valid', 'cancelled'. */
    state: string;
    created_at: number;
  };
}
