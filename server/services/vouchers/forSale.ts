import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import {
  VOUCHER_MAX_QUANTITY,
  type VoucherOffer,
  type VouchersForSaleAnswer,
} from '../../../src/api/contract/vouchers.ts';
import { businessDate } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';
import { activeOffers, offerDates, offerPrices } from './offers.ts';

const text = (json: string) => JSON.parse(json) as LocalizedText;

/**
 * GET /system-vouchers/for-sale: the active offers by sort, with their prices (fixed and dated), bounds
 * (open price) and dates from the venue's business date of today on, each with the vouchers left (a date
 * with none left is still listed, with 0); and the products the voucher shop sells with them. An offer
 * with nothing to choose (no price, or a dated offer with no date ahead) is left out.
 */
export async function vouchersForSale(
  db: Kysely<Database>,
  timeZone: string,
  now: number,
): Promise<VouchersForSaleAnswer> {
  const offers = await activeOffers(db);
  const ids = offers.map((o) => o.id);
  const prices = await offerPrices(db, ids);
  const dated = offers.filter((o) => o.kind === 'dated').map((o) => o.id);
  const dates = await offerDates(db, dated, businessDate(now, timeZone));
  const vouchers: VoucherOffer[] = [];
  for (const o of offers) {
    const mine = o.kind === 'open' ? [] : prices.filter((p) => p.offer_id === o.id);
    const days = dates.filter((d) => d.offerId === o.id);
    if (o.kind !== 'open' && mine.length === 0) continue;
    if (o.kind === 'dated' && days.length === 0) continue;
    if (o.kind === 'open' && (o.min_price === null || o.max_price === null)) continue;
    vouchers.push({
      SystemVoucherId: o.id,
      SystemVoucherClassId: o.class_id,
      SystemVoucherSuperClassId: o.super_class_id,
      kind: o.kind,
      name: text(o.name_json),
      description: text(o.description_json),
      benefit: text(o.benefit_json),
      terms: o.terms_json ? text(o.terms_json) : null,
      isStoredValue: o.is_stored_value === 1,
      uses: o.uses,
      Prices: mine.map((p) => ({
        SystemVoucherPriceId: p.id,
        Price: p.price,
        redemptionData: { reference: null, price: p.value },
      })),
      minPrice: o.kind === 'open' ? o.min_price : null,
      maxPrice: o.kind === 'open' ? o.max_price : null,
      dates: days.map((d) => ({ Date: d.date, Vouchers: d.left })),
      validityDays: o.validity_days,
      maxQuantity: VOUCHER_MAX_QUANTITY,
    });
  }
  const products = await db
    .selectFrom('voucher_shop_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['p.id', 'p.name_json', 'p.price', 'p.is_delivery_required'])
    .orderBy('s.sort')
    .orderBy('p.id')
    .execute();
  return {
    vouchers,
    products: products.map((p) => ({
      id: p.id,
      name: text(p.name_json),
      price: p.price,
      isDeliveryRequired: p.is_delivery_required === 1,
    })),
  };
}
