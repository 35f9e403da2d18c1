import { proxy } from 'valtio';
import type { Locale } from '../../api/contract/common.ts';
import type { CartGift, VoucherOffer } from '../../api/contract/vouchers.ts';
import {
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  giftDateWindow,
  isGiftDateAllowed,
  lastValidDate,
} from '../../domain/giftDelivery.ts';
import { isValidEmail } from '../../domain/validation.ts';
import type { VoucherLine } from '../../state/purchase.ts';

/**
 * "Send as a gift" in the voucher order (issue 35): the form's draft, what of it is wrong, and the gift
 * the commit carries. The box office checks it all again (the same rules, src/domain/giftDelivery.ts).
 */
export interface GiftDraft {
  on: boolean;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** YYYY-MM-DD; empty until chosen (today is offered first). */
  deliverOn: string;
  locale: Locale;
}

export type GiftField = 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn';

export function createGiftDraft(locale: Locale): GiftDraft {
  return proxy<GiftDraft>({
    on: false,
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliverOn: '',
    locale,
  });
}

/** Only gift cards are sent as a gift: the option shows when every voucher chosen is one. */
export function canSendAsGift(lines: readonly VoucherLine[], offers: readonly VoucherOffer[]): boolean {
  return (
    lines.length > 0 &&
    lines.every((l) => offers.find((o) => o.SystemVoucherId === l.offerId)?.isStoredValue === true)
  );
}

/** The dates the gift may go out on: today until the last day every chosen gift card is still valid. */
export function giftWindow(
  lines: readonly VoucherLine[],
  offers: readonly VoucherOffer[],
  now: number,
  timeZone: string,
): { first: string; last: string } {
  const until = lines.flatMap((l) => {
    const o = offers.find((x) => x.SystemVoucherId === l.offerId);
    if (!o) return [];
    return [
      lastValidDate(
        now,
        { validityDays: o.validityDays, date: o.kind === 'dated' ? l.date : null },
        timeZone,
      ),
    ];
  });
  return giftDateWindow(now, until, timeZone);
}

/** Each field's problem as a message key (nothing when the option is off). */
export function giftProblems(
  d: GiftDraft,
  window: { first: string; last: string },
): Partial<Record<GiftField, string>> {
  if (!d.on) return {};
  const out: Partial<Record<GiftField, string>> = {};
  const name = d.recipientName.trim();
  if (!name) out.recipientName = 'vouchers.gift.nameRequired';
  else if (name.length > GIFT_NAME_MAX) out.recipientName = 'vouchers.gift.nameTooLong';
  if (!isValidEmail(d.recipientEmail)) out.recipientEmail = 'vouchers.gift.emailInvalid';
  if (d.message.length > GIFT_MESSAGE_MAX) out.message = 'vouchers.gift.messageTooLong';
  if (!isGiftDateAllowed(d.deliverOn || window.first, window)) out.deliverOn = 'vouchers.gift.dateInvalid';
  return out;
}

/** A gift an order completed with, as its confirmation tells it. */
export type SentGift = CartGift & { today: boolean };

/** The gift as the commit's cart carries it (the date: today unless another was chosen). */
export function cartGift(d: GiftDraft, window: { first: string }): CartGift {
  return {
    recipientName: d.recipientName.trim(),
    recipientEmail: d.recipientEmail.trim(),
    message: d.message,
    deliverOn: d.deliverOn || window.first,
    locale: d.locale,
  };
}
