import type { PaymentMethod } from '../../../../src/api/contract/order.ts';
import type { Settings } from '../../../../src/api/contract/session.ts';
import { takesCurrency } from '../../../../src/domain/currency.ts';
import { allowedPayments } from '../../../../src/domain/order/tickets.ts';
import {
  cardBrand,
  isExpiryValid,
  isValidCardNumber,
  isValidCvv,
  isValidIsraeliId,
} from '../../../../src/domain/validation.ts';
import type { PaymentMethodName } from '../../../db/types.ts';
import { AppError } from '../../../errors.ts';
import type { CardDetails, ProviderCardToken } from '../../payments/provider.ts';
import type { Cart } from '../lines/types.ts';

/** How the part of the total that vouchers do not cover is paid. */
export type ChosenMethod =
  | { method: 'none' }
  | { method: 'card'; card: CardDetails | ProviderCardToken; saveCard: boolean; numberOfPayments: number }
  | { method: 'savedCard'; savedCardId: string; numberOfPayments: number; token: string | null }
  | { method: 'paypal' }
  | { method: 'blik'; code: string }
  | { method: 'redirect' };

export const storedMethod: Record<Exclude<ChosenMethod['method'], 'none'>, PaymentMethodName> = {
  card: 'card',
  savedCard: 'saved_card',
  paypal: 'paypal',
  blik: 'blik',
  redirect: 'redirect',
};

function enabled(settings: Settings, method: PaymentMethod): boolean {
  const { methods, paypal } = settings.payment;
  switch (method) {
    case 'card':
      return methods.card;
    case 'savedCard':
      return methods.savedCards;
    case 'paypal':
      return paypal.isActive;
    case 'blik':
      return methods.blik;
    case 'redirect':
      return methods.redirect;
  }
}

function checkCard(
  card: CardDetails | undefined,
  now: number,
  acceptedBrands: readonly string[],
): CardDetails {
  if (!card) throw new AppError('field_required', 'card details are required', { field: 'creditcardInfo' });
  if (!isValidCardNumber(card.number))
    throw new AppError('card_number_invalid', 'the card number is not valid', { field: 'number' });
  // A brand the card form recognises must be one the venue accepts (the settings' card-brand option).
  const brand = cardBrand(card.number.replace(/\D/g, ''));
  if (brand !== 'other' && !acceptedBrands.includes(brand))
    throw new AppError('payment_method_unavailable', `${brand} cards are not accepted`, {
      method: brand,
      field: 'number',
    });
  if (!isExpiryValid(card.expiry, new Date(now)))
    throw new AppError('card_expiry_invalid', 'the card expiry is not valid', { field: 'expiry' });
  if (!isValidCvv(card.cvv)) throw new AppError('card_cvv_invalid', 'the CVV is not valid', { field: 'cvv' });
  if (!isValidIsraeliId(card.holderId))
    throw new AppError('invalid_ssn', "the card holder's ID number is not valid", { field: 'holderId' });
  return card;
}

/**
 * The card of a card payment: with the provider's own card fields (Stripe), the token the browser got for
 * it, and a card number sent to the box office is refused unread; else the shop's card form, checked.
 */
function cardOf(cart: Cart, now: number, settings: Settings): CardDetails | ProviderCardToken {
  if (settings.payment.cardFields === 'shop')
    return checkCard(cart.creditcardInfo, now, settings.payment.acceptedBrands);
  if (cart.creditcardInfo)
    throw new AppError(
      'payment_method_unavailable',
      "cards are typed into the payment provider's own fields",
      {
        method: 'card',
        field: 'creditcardInfo',
      },
    );
  if (!cart.cardToken) throw new AppError('field_required', 'the card is required', { field: 'cardToken' });
  return { token: cart.cardToken };
}

/**
 * The method the cart asks for, checked against the settings and the amount due: only methods the
 * venue switched on; instalments only by card (at most one per `minAmountPerPayment`); saved cards
 * only for a logged-in customer. Nothing to pay needs no method at all.
 */
export function chooseMethod(
  cart: Cart,
  amountDue: number,
  settings: Settings,
  accountId: string | null,
  now: number,
): ChosenMethod {
  if (amountDue === 0) {
    if (cart.numberOfPayments > 1)
      throw new AppError('number_of_payments_invalid', 'nothing is left to pay in instalments', { max: 1 });
    return { method: 'none' };
  }
  const method: PaymentMethod = cart.paymentMethod ?? (cart.paymentIdentifier ? 'savedCard' : 'card');
  if (!enabled(settings, method))
    throw new AppError('payment_method_unavailable', `${method} payments are not offered`, { method });
  const max = allowedPayments(
    amountDue,
    settings.payment.maxNumberOfPayments,
    settings.payment.minAmountPerPayment,
  );
  const byCard = method === 'card' || method === 'savedCard';
  if (cart.numberOfPayments > (byCard ? max : 1))
    throw new AppError('number_of_payments_invalid', `at most ${byCard ? max : 1} payments`, {
      max: byCard ? max : 1,
    });
  switch (method) {
    case 'card':
      if (cart.saveMagCard && !accountId) throw new AppError('not_logged_in', 'log in to save a card');
      if (cart.saveMagCard && !settings.payment.methods.savedCards)
        throw new AppError('payment_method_unavailable', 'cards are not saved', { method: 'savedCard' });
      return {
        method,
        card: cardOf(cart, now, settings),
        saveCard: cart.saveMagCard,
        numberOfPayments: cart.numberOfPayments,
      };
    case 'savedCard':
      if (!accountId) throw new AppError('not_logged_in', 'log in to pay with a saved card');
      if (!cart.paymentIdentifier)
        throw new AppError('field_required', 'choose a saved card', { field: 'paymentIdentifier' });
      return {
        method,
        savedCardId: cart.paymentIdentifier,
        numberOfPayments: cart.numberOfPayments,
        token: null,
      };
    case 'blik':
      if (!cart.blikCode) throw new AppError('field_required', 'enter the Blik code', { field: 'blikCode' });
      return { method, code: cart.blikCode };
    case 'paypal':
    case 'redirect':
      return { method };
  }
}

/**
 * A cart priced in a currency other than the venue's (a membership price in EUR) is paid in that
 * currency, whole: gift cards and vouchers hold the venue's money, so they pay none of it; Blik (zloty
 * only), PayPal and the hosted payment page are set up in the venue's currency; instalments are a plan
 * of the venue's cards. Each is refused with its catalogue code before anything is written.
 */
export function assertForeignCurrencyPayable(cart: Cart, currency: string, total: number): void {
  if (cart.voucherPayments.length > 0)
    throw new AppError('voucher_payment_not_enabled', `vouchers do not pay for an order in ${currency}`, {
      currency,
    });
  if (total === 0) return;
  const method: PaymentMethod = cart.paymentMethod ?? (cart.paymentIdentifier ? 'savedCard' : 'card');
  if (!takesCurrency(method, currency))
    throw new AppError('payment_method_unavailable', `${method} does not take payments in ${currency}`, {
      method,
      currency,
    });
  if (cart.numberOfPayments > 1)
    throw new AppError('number_of_payments_invalid', `an order in ${currency} is paid at once`, { max: 1 });
}
