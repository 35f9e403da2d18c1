/**
 * The payment provider the checkout talks to: one interface for every method of the spec (card with
 * 3-D Secure, saved-card token, PayPal, Blik, the provider's hosted payment page). A provider answers
 * approved, declined, or an action the customer must take (a 3-D Secure challenge, a wallet approval,
 * a Blik confirmation, a redirect); the box office asks it again later (`status`) to learn the outcome.
 * It is called outside any database transaction. Card numbers live only in the call's memory.
 */

export type DeclineReason =
  | 'declined'
  | 'insufficient_funds'
  | 'card_expired'
  | 'invalid_card'
  | 'authentication_failed'
  | 'blik_code_invalid'
  | 'blik_code_expired'
  | 'blik_declined'
  | 'blik_timeout'
  | 'wallet_declined'
  | 'cancelled'
  | 'expired';

export interface CardDetails {
  number: string;
  expiry: string;
  cvv: string;
  holderId: string;
}

/** A card typed into the provider's own fields (Stripe's Payment Element): what the browser got for it. */
export interface ProviderCardToken {
  /** Stripe: a PaymentMethod id (pm_…). */
  token: string;
}

/** A card kept by the provider: what the box office may store about it. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expiry: string;
}

interface InitiateBase {
  /** The box office's payment id: a provider never charges one reference twice. */
  reference: string;
  /** In the currency's minor unit (agorot for ILS). */
  amount: number;
  /** ISO 4217 code: the venue's (settings.currency.code). */
  currency: string;
  description: string;
  numberOfPayments: number;
  /** Where a wallet or payment page sends the customer back: a path of the shop (the provider prefixes its public address when it needs one). */
  returnPath: string;
  cancelPath: string;
}

export type InitiateRequest = InitiateBase &
  (
    | { method: 'card'; card: CardDetails | ProviderCardToken; saveCard: boolean }
    | { method: 'token'; token: string }
    | {
        method: 'paypal';
        /** The venue's PayPal app (settings: payment.paypal.clientId). */
        clientId: string;
        /** PayPal's shipping preference: the venue's no-shipping flag, or the payer's PayPal address. */
        shipping: 'NO_SHIPPING' | 'GET_FROM_FILE';
      }
    | { method: 'blik'; code: string }
    | { method: 'redirect' }
  );

export type ProviderAction =
  | { type: 'challenge'; url: string }
  | { type: 'redirect'; url: string; provider: 'paypal' | 'hosted' }
  | { type: 'blik'; expiresAt: number };

export type ProviderOutcome =
  | {
      status: 'approved';
      providerRef: string;
      approvalCode: string;
      brand: string | null;
      last4: string | null;
      /** The saved card, when the customer asked to keep it. */
      token: CardToken | null;
    }
  | {
      status: 'declined';
      providerRef: string;
      reason: DeclineReason;
      /** The provider's own words, shown as the returned message. */
      message: string | null;
      brand: string | null;
      last4: string | null;
    }
  | { status: 'action'; providerRef: string; action: ProviderAction }
  /** A wallet payment the payer approved: the box office captures it. */
  | { status: 'authorized'; providerRef: string; payerId: string };

export interface PaymentProvider {
  readonly name: string;
  /** The provider that takes payments of a method, where more than one stand behind this one (routed.ts). */
  nameOf?(method: string): string;
  initiate(request: InitiateRequest): Promise<ProviderOutcome>;
  /**
   * What became of a payment (after an action, or a crash); null when the provider never saw it.
   * `providerRef`: the provider's own id of it, when the box office has recorded one (an action's answer);
   * a provider that cannot look a payment up by the box office's reference alone needs it.
   */
  status(reference: string, providerRef?: string | null): Promise<ProviderOutcome | null>;
  /** Takes the money of a wallet payment the payer approved (PayPal Orders v2 capture). */
  capture(reference: string, approval: { payerId: string; orderId: string }): Promise<ProviderOutcome>;
  /** Gives up a payment still waiting for the customer (its payment window ran out). */
  cancel(reference: string, providerRef?: string | null): Promise<void>;
  /** Gives `amount` of a charge back; the same `reference` never refunds twice. */
  refund(providerRef: string, part: { amount: number; reference: string }): Promise<void>;
  /** Forgets a saved card. */
  deleteToken(token: string): Promise<void>;
}

export class PaymentUnavailableError extends Error {
  constructor(message = 'the payment provider did not answer') {
    super(message);
    this.name = 'PaymentUnavailableError';
  }
}
