import { VOUCHER_MAX_QUANTITY } from '../../../../src/api/contract/vouchers.ts';
import { businessDate } from '../../../../src/domain/venue.ts';
import { AppError } from '../../../errors.ts';
import { activeOffers, offerDates, offerPrices } from '../../vouchers/offers.ts';
import { cancelOrderVouchers, issueOrderVouchers } from '../../vouchers/issue.ts';
import { NO_TOTALS, type Cart, type LineKind } from './types.ts';

interface VoucherLine {
  offerId: number;
  priceId: number | null;
  date: string | null;
  unitPrice: number;
  /** What one voucher holds: a gift card's value in agorot, a ticket voucher's uses. */
  unitValue: number;
  quantity: number;
}

/** A voucher cart holds vouchers and the voucher shop's products (those without a presentation) only. */
function assertVoucherCartOnly(cart: Cart): void {
  const others =
    cart.seats.length +
    cart.videos.length +
    cart.memberships.length +
    cart.donations.length +
    cart.products.filter((p) => p.presentationId !== undefined).length;
  if (others > 0)
    throw new AppError(
      'voucher_cart_exclusive',
      'a voucher cart holds vouchers and voucher-shop products only',
    );
}

const notForSale = (id: number, what: string) =>
  new AppError('voucher_not_for_sale', `voucher ${id}: ${what}`, { id });

/**
 * System vouchers bought online (spec sections 3 and 9): a gift card or ticket voucher at a fixed price,
 * a gift card at a price the customer names within the offer's bounds, or a voucher for a date with
 * vouchers left. Only a logged-in customer buys them (they belong to the account), at most 10 of one
 * voucher in an order. The payment approved, each voucher bought is issued with its own code
 * (vouchers/issue.ts); a cancelled order cancels the ones never used.
 */
export const systemVouchers: LineKind<VoucherLine[]> = {
  name: 'systemVoucher',

  async validate(trx, ctx, cart) {
    if (cart.vouchers.length === 0) return null;
    assertVoucherCartOnly(cart);
    if (ctx.isHold) throw new AppError('formValidation', 'vouchers cannot be held');
    if (ctx.accountId === null) throw new AppError('not_logged_in', 'log in to buy vouchers');

    const quantities = new Map<number, number>();
    for (const v of cart.vouchers) {
      const n = (quantities.get(v.id) ?? 0) + v.quantity;
      if (n > VOUCHER_MAX_QUANTITY)
        throw new AppError('voucher_max_quantity', `at most ${VOUCHER_MAX_QUANTITY} of voucher ${v.id}`, {
          max: VOUCHER_MAX_QUANTITY,
          id: v.id,
        });
      quantities.set(v.id, n);
    }
    const ids = [...quantities.keys()];
    const offers = await activeOffers(trx, ids);
    const prices = await offerPrices(trx, ids);
    const dated = offers.filter((o) => o.kind === 'dated').map((o) => o.id);
    const dates = await offerDates(trx, dated, businessDate(ctx.now, ctx.settings.timeZone), true);
    const perDate = new Map<string, number>();

    const lines: VoucherLine[] = [];
    for (const v of cart.vouchers) {
      const offer = offers.find((o) => o.id === v.id);
      if (!offer) throw notForSale(v.id, 'not for sale');
      const held = (value: number) => (offer.is_stored_value === 1 ? value : offer.uses);
      if (offer.kind === 'open') {
        const min = offer.min_price ?? 0;
        const max = offer.max_price ?? 0;
        if (v.amount === undefined || v.amount < min || v.amount > max)
          throw new AppError(
            'voucher_price_out_of_range',
            `voucher ${v.id}: the amount must be ${min}..${max}`,
            {
              min,
              max,
              id: v.id,
            },
          );
        lines.push({
          offerId: offer.id,
          priceId: null,
          date: null,
          unitPrice: v.amount,
          unitValue: held(v.amount),
          quantity: v.quantity,
        });
        continue;
      }
      const price = prices.find((p) => p.offer_id === offer.id && p.id === v.priceId);
      if (!price) throw notForSale(v.id, `price ${v.priceId ?? '(none)'} is not one of its prices`);
      let date: string | null = null;
      if (offer.kind === 'dated') {
        const day = dates.find((d) => d.offerId === offer.id && d.date === v.date);
        if (!day) throw notForSale(v.id, `date ${v.date ?? '(none)'} is not for sale`);
        const key = `${offer.id}:${day.date}`;
        const wanted = (perDate.get(key) ?? 0) + v.quantity;
        if (wanted > day.left)
          throw new AppError('voucher_date_sold_out', `voucher ${v.id}: ${day.left} left for ${day.date}`, {
            id: v.id,
            date: day.date,
            left: day.left,
          });
        perDate.set(key, wanted);
        date = day.date;
      }
      lines.push({
        offerId: offer.id,
        priceId: price.id,
        date,
        unitPrice: price.price,
        unitValue: held(price.value),
        quantity: v.quantity,
      });
    }
    return lines;
  },

  price: (lines) => ({
    ...NO_TOTALS,
    vouchers: lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0),
  }),

  async reserve(trx, _ctx, order, lines) {
    await trx
      .insertInto('order_voucher_lines')
      .values(
        lines.map((l, i) => ({
          reservation_identifier: order.reservationIdentifier,
          line: i,
          offer_id: l.offerId,
          price_id: l.priceId,
          date: l.date,
          unit_price: l.unitPrice,
          unit_value: l.unitValue,
          quantity: l.quantity,
        })),
      )
      .execute();
  },

  rows: [{ table: 'order_voucher_lines' }],
  async fulfil(trx, now, order) {
    await issueOrderVouchers(trx, order.reservationIdentifier, now);
  },
  // Nothing was issued yet; a failed order no longer counts against a date's vouchers.
  release: async () => undefined,
  async cancel(trx, _now, order) {
    await cancelOrderVouchers(trx, order.reservationIdentifier);
  },
};
