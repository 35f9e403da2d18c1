import type { DeliveryAddress } from '../../../../src/api/contract/order.ts';
import { validateDeliveryAddress } from '../../../../src/domain/customer.ts';
import { AppError } from '../../../errors.ts';
import { formValidationError } from '../../customers/customerInfo.ts';
import { NO_TOTALS, type LineKind, type Trx } from './types.ts';
import { offeredProducts as offeredByShows } from '../../catalogue/products/offered.ts';

interface ProductLine {
  /** The seats' presentation the product is sold with; 0: a product of the voucher shop. */
  presentationId: number;
  productId: number;
  quantity: number;
  unitPrice: number;
}

interface Products {
  lines: ProductLine[];
  /** Where the products sent by post go: set exactly when one of the lines needs delivery. */
  delivery: Required<DeliveryAddress> | null;
}

/** The presentation id order_products keeps for a product of the voucher shop (sold with no presentation). */
export const VOUCHER_SHOP = 0;

/** Products offered: each with the presentation it is offered with (VOUCHER_SHOP: the voucher shop's). */
async function offeredProducts(trx: Trx, presentationIds: readonly number[]) {
  const withSeats = presentationIds.filter((id) => id !== VOUCHER_SHOP);
  const offered = await offeredByShows(trx, withSeats);
  if (!presentationIds.includes(VOUCHER_SHOP)) return offered;
  const shop = await trx
    .selectFrom('voucher_shop_products as s')
    .innerJoin('products as pr', 'pr.id', 's.product_id')
    .select(['pr.id', 'pr.price', 'pr.is_delivery_required'])
    .execute();
  return [...offered, ...shop.map((p) => ({ ...p, presentation_id: VOUCHER_SHOP }))];
}

/**
 * Add-on products (popcorn, programmes, parking), each sold with a presentation of the cart's seats, and
 * the voucher shop's products (a gift box), sold with vouchers only: those come without a presentation.
 * A product with isDeliveryRequired (a programme book or gift box sent by post) makes the delivery
 * address required, checked with the customer form's rules; it is kept on the order.
 */
export const products: LineKind<Products> = {
  name: 'product',

  async validate(trx, ctx, cart) {
    if (cart.products.length === 0) return null;
    const quantities = new Map<string, ProductLine>();
    for (const l of cart.products) {
      const presentationId = l.presentationId ?? VOUCHER_SHOP;
      const sold =
        presentationId === VOUCHER_SHOP ? cart.vouchers.length > 0 : ctx.presentations.has(presentationId);
      if (!sold)
        throw new AppError(
          'product_not_offered',
          presentationId === VOUCHER_SHOP
            ? `product ${l.id} of the voucher shop is sold with vouchers only`
            : `product ${l.id} belongs to no presentation of the cart`,
          { productId: l.id },
        );
      const key = `${presentationId}:${l.id}`;
      const line = quantities.get(key) ?? { presentationId, productId: l.id, quantity: 0, unitPrice: 0 };
      line.quantity += l.selectedQuantity;
      if (line.quantity > 20) throw new AppError('formValidation', `at most 20 of product ${l.id}`);
      quantities.set(key, line);
    }
    const lines = [...quantities.values()];
    const offered = await offeredProducts(trx, [...new Set(lines.map((l) => l.presentationId))]);
    for (const line of lines) {
      const offer = offered.find((o) => o.id === line.productId && o.presentation_id === line.presentationId);
      if (!offer)
        throw new AppError(
          'product_not_offered',
          `product ${line.productId} is not sold with this presentation`,
          {
            productId: line.productId,
          },
        );
      line.unitPrice = offer.price;
    }
    const needsDelivery = lines.some((l) =>
      offered.some(
        (o) => o.id === l.productId && o.presentation_id === l.presentationId && o.is_delivery_required === 1,
      ),
    );
    if (!needsDelivery) return { lines, delivery: null };
    const problems = validateDeliveryAddress(cart.deliveryAddress);
    if (problems.length) throw formValidationError(problems, 'delivery address');
    const a = cart.deliveryAddress!;
    return {
      lines,
      delivery: {
        address1: a.address1!.trim(),
        city: a.city!.trim(),
        postalCode: a.postalCode!.trim(),
      },
    };
  },

  price: ({ lines }) => ({
    ...NO_TOTALS,
    products: lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0),
  }),

  async reserve(trx, _ctx, order, { lines, delivery }) {
    await trx
      .insertInto('order_products')
      .values(
        lines.map((l) => ({
          reservation_identifier: order.reservationIdentifier,
          presentation_id: l.presentationId,
          product_id: l.productId,
          quantity: l.quantity,
          unit_price: l.unitPrice,
        })),
      )
      .execute();
    if (delivery)
      await trx
        .updateTable('orders')
        .set({
          delivery_address1: delivery.address1,
          delivery_city: delivery.city,
          delivery_postal_code: delivery.postalCode,
        })
        .where('reservation_identifier', '=', order.reservationIdentifier)
        .execute();
  },

  // Products are not counted against a stock, so nothing is claimed, sold or given back.
  fulfil: async () => undefined,
  release: async () => undefined,
  cancel: async () => undefined,
};
