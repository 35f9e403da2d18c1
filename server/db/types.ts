import type { Generated } from 'kysely';

/** Table shapes as both dialects store them: flags are 0/1 integers, instants are epoch milliseconds. */
export interface Database {
  meta: { key: string; value: string };
  allocations: { id: number; name: string; is_online: number };
  venues: { id: number; name_json: string; venue_type_id: number };
  seatplans: { id: number; venue_id: number; hall_name_json: string; plan_json: string; seat_count: number };
  plan_seats: {
    seatplan_id: number;
    section_id: number;
    x: number;
    y: number;
    ticket_group_id: number;
    allocation_id: number;
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
  };
  ticket_groups: { id: number; name_json: string };
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
  };
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
  };
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
  };
  carts: { visitor: string; cart_json: string; updated_at: number };
}
