import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';

/** The columns `orderDetailsOf` reads, from `orders as o` left-joined with `venues as v` on its branch. */
export const ORDER_DETAIL_COLUMNS = [
  'o.location_id',
  'v.name_json as location_json',
  'o.delivery_address1',
  'o.delivery_city',
  'o.delivery_postal_code',
] as const;

/** What the customer form added to an order, as its documents show it: the branch and the delivery address. */
export function orderDetailsOf(row: {
  location_id: number | null;
  location_json: string | null;
  delivery_address1: string | null;
  delivery_city: string | null;
  delivery_postal_code: string | null;
}): Pick<OrderDocument, 'location' | 'deliveryAddress'> {
  return {
    location:
      row.location_id !== null && row.location_json
        ? { id: row.location_id, name: JSON.parse(row.location_json) as LocalizedText }
        : null,
    deliveryAddress:
      row.delivery_address1 !== null
        ? {
            address1: row.delivery_address1,
            city: row.delivery_city ?? '',
            postalCode: row.delivery_postal_code ?? '',
          }
        : null,
  };
}
