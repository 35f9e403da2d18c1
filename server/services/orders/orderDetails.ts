import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import type { Database } from '../../db/types.ts';

/** What the customer form added to an order, as its documents show it: the branch and the delivery address. */
export async function loadOrderDetails(
  db: Kysely<Database>,
  reservationIdentifier: string,
): Promise<Pick<OrderDocument, 'location' | 'deliveryAddress'>> {
  const row = await db
    .selectFrom('orders as o')
    .leftJoin('venues as v', 'v.id', 'o.location_id')
    .select([
      'o.location_id',
      'v.name_json as location_json',
      'o.delivery_address1',
      'o.delivery_city',
      'o.delivery_postal_code',
    ])
    .where('o.reservation_identifier', '=', reservationIdentifier)
    .executeTakeFirst();
  if (!row) return { location: null, deliveryAddress: null };
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
