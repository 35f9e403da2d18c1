import type { Generated } from 'kysely';

/** The catalogue's ticket types, products and presentations. Part of `Database` (types.ts). */
export interface CatalogueTables {
  tickets: {
    id: number;
    ticket_group_id: number;
    name_json: string;
    code: string;
    price: number;
    old_price: number | null;
    service_charge: number;
    price_policy_id: number;
    multiply_factor: number;
    is_sub_ticket: number;
    ref1prompt: string | null;
    ref2prompt: string | null;
    min_quantity: number | null;
    max_quantity: number | null;
    sort: number;
    required_ticket_id: number | null;
    required_minimum: number | null;
    quota: number | null;
    /** A voucher ticket: a ticket voucher of this class pays it (issue 15); hidden until its code is typed. */
    voucher_class_id: Generated<number | null>;
    /** A partner card's price: unlocked by a card number of this program. */
    partner_program_id: Generated<number | null>;
    /** A hidden price unlocked by typing this code. */
    price_code: Generated<string | null>;
    /** Not listed in the ticket groups: only a code unlocks it. */
    is_hidden: Generated<number>;
    /** The answers ref1 must be one of (JSON array of strings); null: free text. */
    ref1_options_json: Generated<string | null>;
    /** A regular expression ref1 / ref2 must match; null: any non-empty text. */
    ref1_pattern: Generated<string | null>;
    ref2_pattern: Generated<string | null>;
    /** A member ticket (issue 16): only members of this membership buy it; it draws on their balance. */
    membership_id: Generated<number | null>;
    /** A member-sale ticket: members whose membership allows member-sale tickets only. */
    is_member_sale: Generated<number>;
    /** Loyalty points that pay this ticket instead of money (members with points). */
    loyalty_points_price: Generated<number | null>;
    /** The jumper's age this ticket type is for, inclusive (migration 015; a waiver's age rule); null: any. */
    min_age: Generated<number | null>;
    max_age: Generated<number | null>;
    /** A partner mini-site's price (migration 016): hidden, listed and sold only through that mini-site. */
    mini_site_id: Generated<number | null>;
    /** An integration partner's price: listed and sold only with a live entry of that partner. */
    integration_partner_id: Generated<number | null>;
    /** A senior-citizen price (migration 017): hidden; an ID number the senior registry confirms unlocks it. */
    is_senior: Generated<number>;
    /** The price list it belongs to (migration 021): presentations of that list sell it. */
    price_list_id: Generated<number>;
  };
  /** Named sets of ticket types (migration 021); `presentation_id`: one presentation's own prices. */
  price_lists: { id: number; name_json: string; presentation_id: number | null; created_at: number };
  products: { id: number; name_json: string; price: number; is_delivery_required: number };
  presentations: {
    id: number;
    feature_id: number;
    venue_id: number;
    seatplan_id: number;
    venue_type_id: number;
    seating_policy_id: number;
    is_reserved: number;
    auth_profile_id: number;
    business_id: number;
    starts_at: number;
    business_date: string;
    sale_start: number;
    sale_end: number;
    lock_timer_json: string;
    service_charge: number;
    is_display_qr: number;
    view_area_filename: string | null;
    image_map_html: string | null;
    new_booking_url: string | null;
    best_available: Generated<number>;
    /** The liability waiver every order of this presentation signs (migration 015); null: none. */
    waiver_id: Generated<number | null>;
    /** 0: sold at the box office only (migration 021); the venue's switch turns the whole venue off. */
    online_sale: Generated<number>;
    /** When the presentation was called off (its sales stopped); null: it goes ahead. */
    called_off_at: Generated<number | null>;
    /** The price list whose ticket types it sells (migration 021). */
    price_list_id: Generated<number>;
    /** General admission (migration 022): only the first N online places of the plan sell; null: all. */
    capacity: Generated<number | null>;
    /** A ticket that went out may come back in at the door (migration 028); 1 by default. */
    reentry_allowed: Generated<number>;
  };
  features: {
    id: number;
    title_json: string;
    category: string;
    category_id: number;
    language: string | null;
    dubbing: string | null;
    subtitles: string | null;
    duration_minutes: number;
    /** The uploaded poster's key (migration 021): its files are `feature_posters` rows; null: none uploaded. */
    poster_key: Generated<string | null>;
    /** Migration 021: the description in each language (JSON), 3D (0/1), the age rating ("16+"). */
    description_json: Generated<string | null>;
    is_3d: Generated<number>;
    age_rating: Generated<string | null>;
  };
  /** A feature's uploaded poster in each size the shop serves (migration 021). */
  feature_posters: {
    feature_id: number;
    poster_key: string;
    size: string;
    content_type: string;
    bytes: Buffer;
    created_at: number;
  };
  /** Products a venue offers with every presentation of its own (migration 021). */
  venue_products: { venue_id: number; product_id: number; sort: number };
  /** One row (id 1): moved on by every change of what is sold (migration 021; catalogue/generation.ts). */
  catalogue_generation: { id: number; generation: number };
  /** A presentation being called off (migration 021): the job that cancels and refunds its orders. */
  presentation_calloffs: {
    presentation_id: number;
    requested_at: number;
    requested_by: string;
    orders_done: Generated<number>;
    /** Minor units given back to the orders' payments (gift cards and vouchers included). */
    refunded: Generated<number>;
    /** Minor units paid at the box office (cash) that the box office gives back there. */
    owed_at_counter: Generated<number>;
    /** A process works on the job until then; after it, any process takes it over. */
    claimed_until: Generated<number>;
    finished_at: number | null;
  };
}
