import type { Generated } from 'kysely';

/**
 * The tables of what is sold besides seats (issue 15, migration 010): system vouchers for sale, donation
 * funds, an order's voucher and donation lines, partner programs and the uses a ticket voucher's orders
 * claim. Part of `Database` (types.ts).
 */
export interface SalesTables {
  /** A system voucher for sale (spec section 3): fixed prices, an open price, or dates to choose. */
  voucher_offers: {
    id: number;
    class_id: number;
    super_class_id: number;
    kind: 'fixed' | 'open' | 'dated';
    name_json: string;
    description_json: string;
    min_price: number | null;
    max_price: number | null;
    /** Fixed and open vouchers are valid this many days from the purchase; dated ones on their date. */
    validity_days: number;
    sort: number;
    is_active: Generated<number>;
  };
  /** A price of a fixed or dated voucher; `value` is what a gift card holds (may exceed the price). */
  voucher_offer_prices: { id: number; offer_id: number; price: number; value: number; sort: number };
  voucher_offer_dates: { offer_id: number; date: string; capacity: number };
  /** Products the voucher shop sells with vouchers (a gift box sent by post). */
  voucher_shop_products: { product_id: number; sort: number };
  donation_funds: {
    id: number;
    code: string;
    name_json: string;
    description_json: string;
    /** The custom amount's bounds; null: the fund takes its fixed amounts only. */
    min_custom: number | null;
    max_custom: number | null;
    sort: number;
    is_active: Generated<number>;
    /** Where a seat order offers it (migration 023): JSON `{ venueIds, categories }`; null: every order. */
    scope_json: Generated<string | null>;
  };
  donation_amounts: { id: number; fund_id: number; amount: number; sort: number };
  order_voucher_lines: {
    reservation_identifier: string;
    line: number;
    offer_id: number;
    price_id: number | null;
    date: string | null;
    unit_price: number;
    unit_value: number;
    quantity: number;
  };
  order_donation_lines: {
    reservation_identifier: string;
    line: number;
    fund_id: number;
    amount_id: number | null;
    amount: number;
    quantity: number;
  };
  partner_programs: { id: number; name_json: string; pattern: string };
  /** A ticket voucher's uses claimed by an order: pending until the order is paid, then redeemed. */
  voucher_redemptions: {
    id: string;
    reservation_identifier: string;
    voucher_reference: string;
    uses: number;
    status: 'pending' | 'redeemed' | 'released' | 'restored';
    created_at: number;
    updated_at: number;
  };
}
