import type { Generated } from 'kysely';
import type { MembershipTables } from './membershipTables.ts';
import type { SalesTables } from './salesTables.ts';
import type { MessageTables } from './messageTables.ts';
import type { StaffTables } from './staffTables.ts';
import type { VodTables } from './vodTables.ts';
import type { CatalogueTables } from './catalogueTables.ts';
import type { WaiverTables } from './waiverTables.ts';
import type { SeniorTables } from './seniorTables.ts';
import type { PartnerTables } from './partnerTables.ts';
import type { SandboxTables } from './sandboxTables.ts';
import type { DoorTables } from './doorTables.ts';
import type { WaitingRoomTables } from './waitingRoomTables.ts';
import type { GuardTables } from './guardTables.ts';
export type OrderState = 'pending' | 'paid' | 'held' | 'failed' | 'cancelled';
/** pending: its order's payment is under way; void: that payment failed; the rest as before. */
export type TicketState = 'pending' | 'valid' | 'void' | 'cancelled';
export type PaymentStatus = 'pending' | 'action_needed' | 'approved' | 'failed' | 'refunded';
/** A sales channel the reports count apart (spec section 2, sales by point of sale). */
export type PointOfSale = 'online' | 'box_office';
/** cash and card_present: taken at the counter by a clerk (issue 36); card_present is the venue's own terminal. */
export type PaymentMethodName =
  'card' | 'saved_card' | 'paypal' | 'blik' | 'redirect' | 'voucher' | 'cash' | 'card_present';

/** Table shapes as both dialects store them: flags are 0/1 integers, instants are epoch milliseconds. */
export interface Database
  extends
    CatalogueTables,
    SalesTables,
    MembershipTables,
    VodTables,
    MessageTables,
    StaffTables,
    WaiverTables,
    SeniorTables,
    PartnerTables,
    SandboxTables,
    DoorTables,
    WaitingRoomTables,
    GuardTables {
  meta: { key: string; value: string };
  /** Webhook events of the payment providers, by their own ids (migration 030): each acted on once. */
  provider_events: { provider: string; event_id: string; event_type: string; received_at: number };
  allocations: { id: number; name: string; is_online: number };
  venues: {
    id: number;
    name_json: string;
    venue_type_id: number;
    /** Issue 20: 0 turns booking through the site off for the venue (`location_offline`). */
    online_sales_enabled: Generated<number>;
    /** The venue's street address (migration 020), a VenueAddress as JSON; null: none given. */
    address_json: Generated<string | null>;
  };
  /**
   * A version of a hall's seat plan (migration 020): a draft while staff work on it (its seats are not in
   * plan_seats), then published and immutable. A presentation keeps the version it went on sale with.
   */
  seatplans: {
    id: number;
    venue_id: number;
    hall_name_json: string;
    plan_json: string;
    seat_count: number;
    hall_id: number | null;
    version: Generated<number>;
    status: Generated<'draft' | 'published'>;
    created_at: Generated<number>;
    published_at: number | null;
    source_format: string | null;
    /** The draft's problems when last saved (checkPlan): errors stop publishing. */
    error_count: Generated<number>;
    warning_count: Generated<number>;
  };
  plan_seats: {
    seatplan_id: number;
    section_id: number;
    x: number;
    y: number;
    ticket_group_id: number;
    allocation_id: number;
  };
  ticket_groups: { id: number; name_json: string };
  presentation_products: { presentation_id: number; product_id: number; sort: number };
  presentation_ticket_groups: { presentation_id: number; ticket_group_id: number };
  seat_holds: {
    presentation_id: number;
    section_id: number;
    x: number;
    y: number;
    visitor: string;
    state: 'held' | 'sold';
    expires_at: number;
    created_at: Generated<number>;
    extended: Generated<number>;
    /** The order whose payment is under way (or whose hold it is); null for a seat in a cart. */
    claimed_by: string | null;
    /** The client address that took the hold (per-address limits); null for holds from before issue 14. */
    holder_address: string | null;
  };
  /** The last hold of each seat that was let go: who, since when, until when (migration 019). */
  hold_releases: {
    presentation_id: number;
    section_id: number;
    x: number;
    y: number;
    holder_address: string;
    started_at: number;
    released_at: number;
  };
  /** SQLite only: the seat change feed, one row per write to seat_holds (migration 008). */
  seat_events: {
    id: Generated<number>;
    presentation_id: number;
    section_id: number;
    x: number;
    y: number;
    state: 'h' | 's' | 'f';
    expires_at: number;
    claimed: number;
    visitor: string;
  };
  carts: { visitor: string; cart_json: string; updated_at: number };
  customers: {
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    mobile_number: string | null;
    ssn: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    postal_code: string | null;
    date_of_birth: string | null;
    location_id: number | null;
    is_mailing_allowed: number;
    created_at: number;
    mobile_key: string | null;
    email_key: string | null;
    is_account: Generated<number>;
    password_hash: string | null;
    is_sms_allowed: Generated<number>;
    license_plate: string | null;
  };
  orders: {
    reservation_identifier: string;
    document_key: string;
    visitor: string;
    customer_id: string;
    state: OrderState;
    locale: string;
    tickets_total: number;
    service_charge_total: number;
    products_total: number;
    total: number;
    number_of_payments: number;
    created_at: number;
    account_id: string | null;
    booking_fee: Generated<number>;
    cancelled_at: number | null;
    cancel_fee: number | null;
    refund_amount: number | null;
    is_hold: Generated<number>;
    /** Hold orders: pay and collect by then (30 minutes before the event); the seats free themselves after. */
    hold_deadline: number | null;
    /** Pending orders: the payment must be settled by then, or it is given up. */
    payment_deadline: number | null;
    /** Failed orders: the catalogue error the customer was shown, as JSON { code, message, params }. */
    failure_json: string | null;
    confirmed_at: number | null;
    /** Ticket add-ons bought with the seats (agorot); part of `total`. */
    addons_total: Generated<number>;
    /** The customer's branch (a venue id from GET /customer/locations), when the form asked for it. */
    location_id: Generated<number | null>;
    /** Where products sent by post go; set only when the order holds such a product. */
    delivery_address1: Generated<string | null>;
    delivery_city: Generated<string | null>;
    delivery_postal_code: Generated<string | null>;
    /** System vouchers sold by the order (agorot); part of `total`. Null on orders before issue 15. */
    vouchers_total: Generated<number | null>;
    /** Donations given with the order (agorot); part of `total`. */
    donations_total: Generated<number | null>;
    /** The donation receipt's number, given when a paid order holds donations. */
    receipt_number: Generated<string | null>;
    /** Memberships sold (agorot, issue 16) and season enrolment; parts of `total`. */
    memberships_total: Generated<number | null>;
    enrolment_total: Generated<number | null>;
    /** The currency the order is priced and paid in (ISO 4217; null: the venue's), e.g. EUR memberships. */
    currency_code: Generated<string | null>;
    /** Where it was sold (migration 015): online, or at the box office by a staff user logged in at the counter. */
    point_of_sale: Generated<PointOfSale>;
    /** The staff user (username) who sold it at the box office; null online. */
    sold_by_staff_id: Generated<string | null>;
    /** The partner mini-site the order was placed through (migration 016), from the request's context. */
    referral_mini_site_id: Generated<number | null>;
    /** The integration partner whose signed link the customer came in by (migration 016). */
    integration_partner_id: Generated<number | null>;
  };
  order_tickets: {
    ticket_identifier: string;
    reservation_identifier: string;
    presentation_id: number;
    section_id: number;
    x: number;
    y: number;
    section_name: string;
    row_name: string;
    seat_name: string;
    ticket_group_id: number;
    ticket_id: number;
    price: number;
    service_charge: number;
    is_sub_ticket: number;
    state: TicketState;
    sort: number;
    kind: Generated<'seat' | 'video'>;
    /** The code that unlocked this ticket (a voucher reference, partner card number or price code). */
    ticket_code: Generated<string | null>;
    ref1: Generated<string | null>;
    ref2: Generated<string | null>;
    /** A member ticket: the member it was bought as (it draws on that member's balance). */
    member_number: Generated<string | null>;
    /** Loyalty points the ticket was paid with. */
    points_used: Generated<number>;
    /** The staff change (order_adjustments) that cancelled this ticket or created it by an exchange. */
    adjustment_id: Generated<string | null>;
  };
  /** Ticket add-ons (3D glasses): what each is called. */
  addons: { id: number; name_json: string };
  /** An add-on offered with a ticket type at a presentation, at its price; `preselect` 0/1. */
  ticket_addons: {
    presentation_id: number;
    ticket_id: number;
    addon_id: number;
    price: number;
    sort: number;
    preselect: Generated<number>;
  };
  /** The add-ons an order ticket was bought with, at the price paid. */
  order_ticket_addons: {
    ticket_identifier: string;
    reservation_identifier: string;
    addon_id: number;
    price: number;
    sort: number;
  };
  order_products: {
    reservation_identifier: string;
    presentation_id: number;
    product_id: number;
    quantity: number;
    unit_price: number;
    /** How many of `quantity` staff refunded (migration 026). */
    refunded_quantity: Generated<number>;
  };
  order_payments: {
    id: string;
    reservation_identifier: string;
    method: PaymentMethodName;
    provider: string;
    status: PaymentStatus;
    amount: number;
    number_of_payments: Generated<number>;
    provider_ref: string | null;
    brand: string | null;
    last4: string | null;
    approval_code: string | null;
    failure_code: string | null;
    failure_reason: string | null;
    action_json: string | null;
    voucher_reference: string | null;
    saved_card_id: string | null;
    save_card: Generated<number>;
    refunded_amount: Generated<number>;
    created_at: number;
    updated_at: number;
    /** Taken at the counter (cash, card_present): the clerk's shift and username (migration 026). */
    shift_id: Generated<string | null>;
    taken_by: Generated<string | null>;
    /** Cash: what the customer handed over; the change given was `tendered - amount`. */
    tendered: Generated<number | null>;
  };
  saved_cards: {
    id: string;
    customer_id: string;
    provider: string;
    token: string;
    brand: string;
    last4: string;
    expiry: string;
    created_at: number;
    is_deleted: Generated<number>;
  };
  commit_attempts: {
    visitor: string;
    idempotency_key: string;
    fingerprint: string;
    status: 'pending' | 'done' | 'declined';
    reservation_identifier: string | null;
    error_json: string | null;
    created_at: number;
  };
  refunds: {
    id: string;
    transaction_id: string;
    reservation_identifier: string | null;
    voucher_reference: string | null;
    amount: number;
    created_at: number;
    /** When the provider confirmed the refund; null while it is still to be sent. */
    done_at: number | null;
    payment_id: string | null;
    /** Migration 026. null or provider: back through the acquirer; voucher; cash or card_present: given back at the counter. */
    method: Generated<'provider' | 'voucher' | 'cash' | 'card_present' | null>;
    shift_id: Generated<string | null>;
    taken_by: Generated<string | null>;
    /** The staff change (order_adjustments) the refund is part of. */
    adjustment_id: Generated<string | null>;
  };
  customer_sessions: { id_hash: string; customer_id: string; created_at: number; expires_at: number };
  sms_codes: {
    id: string;
    mobile_key: string;
    code_hash: string;
    customer_id: string | null;
    create_account: number;
    created_at: number;
    expires_at: number;
    failed_attempts: Generated<number>;
    consumed_at: number | null;
  };
  login_tokens: {
    token_hash: string;
    customer_id: string;
    created_at: number;
    expires_at: number;
    redeemed_at: number | null;
  };
  rate_events: { bucket: string; key: string; created_at: number };
  sms_outbox: { id: string; to_number: string; text: string; created_at: number };
  system_voucher_classes: {
    id: number;
    name_json: string;
    benefit_json: string;
    is_stored_value: number;
    /** Ticket vouchers: the tickets one voucher pays for; 0 for a gift card (stored value). */
    uses: Generated<number>;
    terms_json: Generated<string | null>;
  };
  system_vouchers: {
    reference: string;
    class_id: number;
    customer_id: string;
    reservation_identifier: string | null;
    quantity: number;
    price: number;
    redeemed: number;
    balance: number;
    created_at: number;
    start_date: number;
    end_date: number;
    state: 'active' | 'cancelled' | 'scanned';
    is_for_replacement: Generated<number>;
    sold_in_outlet: number;
    transaction_id: string | null;
    cancelled_by: 'customer' | 'box_office' | null;
    /** The offer a voucher sold online came from. */
    offer_id: Generated<number | null>;
    /** A dated voucher: the business date (YYYY-MM-DD) it is good for; null: any date in its validity. */
    valid_date: Generated<string | null>;
  };
}
