import { fundOfferedWithAny, type ScopedPresentation } from '../../../../src/domain/order/whatApplies.ts';
import { AppError } from '../../../errors.ts';
import { activeFunds, customBounds, fundAmounts, scopeOf } from '../../donations/funds.ts';
import { giveReceiptNumber } from '../../donations/receipts.ts';
import { NO_TOTALS, type LineKind, type Trx } from './types.ts';

interface DonationLine {
  fundId: number;
  /** One of the fund's fixed amounts; null: a custom amount. */
  amountId: number | null;
  amount: number;
  quantity: number;
}

const notForSale = (id: number, what: string) =>
  new AppError('donation_not_for_sale', `donation ${id}: ${what}`, { id });

/** The venue and category of the seat cart's presentations (what a fund's scope is checked against). */
async function scopedPresentations(trx: Trx, ids: readonly number[]): Promise<ScopedPresentation[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('presentations as p')
    .innerJoin('features as f', 'f.id', 'p.feature_id')
    .select(['p.venue_id as venueId', 'f.category'])
    .where('p.id', 'in', [...ids])
    .execute();
}

/**
 * Donations (spec section 3, donationDetails): one of a fund's fixed amounts, or a custom amount within
 * its bounds, times a quantity. Given on their own (a donation order) or as one more line of a seat
 * order, to a fund offered with one of its presentations (the fund's scope: the orchestra's fund with
 * the orchestra's shows, issue 35); never with vouchers or a video, which are bought alone. The amount of a fixed line is the box
 * office's, whatever the cart says. A paid order with donations gets a receipt number; a cancelled one
 * refunds them with the rest of the order.
 */
export const donations: LineKind<DonationLine[]> = {
  name: 'donation',

  async validate(trx, ctx, cart) {
    if (cart.donations.length === 0) return null;
    if (cart.videos.length > 0)
      throw new AppError('video_cart_exclusive', 'a video on demand is bought on its own');
    if (cart.vouchers.length > 0)
      throw new AppError(
        'voucher_cart_exclusive',
        'a voucher cart holds vouchers and voucher-shop products only',
      );
    const ids = [...new Set(cart.donations.map((d) => d.id))];
    const funds = await activeFunds(trx, ids);
    const amounts = await fundAmounts(trx, ids);
    // The seat lines ran first: a seat cart's presentations are known (none: a donation order).
    const shows = await scopedPresentations(trx, [...ctx.presentations.keys()]);
    return cart.donations.map((d) => {
      const fund = funds.find((f) => f.id === d.id);
      if (!fund) throw notForSale(d.id, 'no such fund');
      if (shows.length > 0 && !fundOfferedWithAny(scopeOf(fund), shows))
        throw notForSale(d.id, 'the fund is not offered with these presentations');
      const { customAmount, amount, id: amountId, selectedQuantity: quantity } = d.donationDetails;
      if (customAmount) {
        const bounds = customBounds(fund);
        if (!bounds) throw notForSale(d.id, 'the fund takes its fixed amounts only');
        if (amount < bounds.min || amount > bounds.max)
          throw new AppError(
            'donation_amount_out_of_range',
            `donation ${d.id}: the amount must be ${bounds.min}..${bounds.max}`,
            { ...bounds, id: d.id },
          );
        return { fundId: fund.id, amountId: null, amount, quantity };
      }
      const fixed = amounts.find((a) => a.fund_id === fund.id && a.id === amountId);
      if (!fixed) throw notForSale(d.id, `amount ${amountId ?? '(none)'} is not one of the fund's`);
      return { fundId: fund.id, amountId: fixed.id, amount: fixed.amount, quantity };
    });
  },

  price: (lines) => ({
    ...NO_TOTALS,
    donations: lines.reduce((a, l) => a + l.amount * l.quantity, 0),
  }),

  async reserve(trx, _ctx, order, lines) {
    await trx
      .insertInto('order_donation_lines')
      .values(
        lines.map((l, i) => ({
          reservation_identifier: order.reservationIdentifier,
          line: i,
          fund_id: l.fundId,
          amount_id: l.amountId,
          amount: l.amount,
          quantity: l.quantity,
        })),
      )
      .execute();
  },

  rows: [{ table: 'order_donation_lines' }],
  async fulfil(trx, now, order) {
    const line = await trx
      .selectFrom('order_donation_lines')
      .select('line')
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .executeTakeFirst();
    if (line) await giveReceiptNumber(trx, order.reservationIdentifier, now);
  },
  // Nothing is claimed: a failed order simply has no receipt; a cancelled one is refunded by its caller.
  release: async () => undefined,
  cancel: async () => undefined,
};
