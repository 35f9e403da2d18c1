import type { Locale } from '../../../../src/api/contract/common.ts';
import { LocaleSchema } from '../../../../src/api/contract/common.ts';
import {
  cleanGiftText,
  giftDateWindow,
  giftSendAt,
  isGiftDateAllowed,
  lastValidDate,
} from '../../../../src/domain/giftDelivery.ts';
import { AppError } from '../../../errors.ts';
import { cancelGiftMessage, queueGiftMessage } from '../../messages/gift.ts';
import { activeOffers } from '../../vouchers/offers.ts';
import { NO_TOTALS, type LineKind } from './types.ts';

interface GiftLine {
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
  /** Absent: the order's own language. */
  locale: Locale | null;
  sendAt: number;
}

/**
 * "Send as a gift" (issue 35): the order's gift cards are e-mailed to the recipient the buyer names, on
 * the date they pick, by the order-message queue. Not a thing bought (it costs nothing) but a line of the
 * cart all the same, so it is checked, written and undone with the order: checked with the vouchers (only
 * gift cards are sent, on a date while every card is valid), kept with the pending order, queued for its
 * date when the order is paid (in the confirming transaction: it survives restarts, and the queue sends it
 * once), and withdrawn when the order is cancelled before the date.
 */
export const gift: LineKind<GiftLine> = {
  name: 'gift',

  async validate(trx, ctx, cart) {
    const g = cart.gift;
    if (!g) return null;
    if (cart.vouchers.length === 0)
      throw new AppError('gift_needs_gift_cards', 'only an order of gift cards is sent as a gift');
    const offers = await activeOffers(
      trx,
      cart.vouchers.map((v) => v.id),
    );
    const validUntil: string[] = [];
    for (const v of cart.vouchers) {
      const offer = offers.find((o) => o.id === v.id);
      // An offer no longer for sale is refused by the voucher lines, which run first.
      if (!offer) continue;
      if (offer.is_stored_value !== 1)
        throw new AppError('gift_needs_gift_cards', 'only gift cards are sent as a gift', { id: v.id });
      const date = offer.kind === 'dated' ? (v.date ?? null) : null;
      validUntil.push(
        lastValidDate(ctx.now, { validityDays: offer.validity_days, date }, ctx.settings.timeZone),
      );
    }
    const window = giftDateWindow(ctx.now, validUntil, ctx.settings.timeZone);
    if (!isGiftDateAllowed(g.deliverOn, window))
      throw new AppError('gift_date_invalid', `deliver on ${window.first}..${window.last}`, window);
    const recipientName = cleanGiftText(g.recipientName, false);
    if (!recipientName) throw new AppError('formValidation', 'the recipient’s name is empty');
    return {
      recipientName,
      recipientEmail: g.recipientEmail.trim(),
      message: cleanGiftText(g.message, true),
      deliverOn: g.deliverOn,
      locale: g.locale ?? null,
      sendAt: giftSendAt(g.deliverOn, ctx.now, ctx.settings.timeZone),
    };
  },

  price: () => NO_TOTALS,

  async reserve(trx, ctx, order, g) {
    const { locale } = await trx
      .selectFrom('orders')
      .select('locale')
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_gifts')
      .values({
        reservation_identifier: order.reservationIdentifier,
        recipient_name: g.recipientName,
        recipient_email: g.recipientEmail,
        message: g.message,
        deliver_on: g.deliverOn,
        locale: g.locale ?? LocaleSchema.catch('he').parse(locale),
        send_at: g.sendAt,
        created_at: ctx.now,
      })
      .execute();
  },

  rows: [{ table: 'order_gifts' }],
  async fulfil(trx, now, order) {
    await queueGiftMessage(trx, order.reservationIdentifier, now);
  },
  // Nothing was queued before the payment.
  release: async () => undefined,
  async cancel(trx, now, order) {
    await cancelGiftMessage(trx, order.reservationIdentifier, now);
  },
};
