import Stripe from 'stripe';
import type { StripeCredentials } from '../credentials.ts';
import {
  type CardToken,
  type DeclineReason,
  type InitiateRequest,
  type PaymentProvider,
  PaymentUnavailableError,
  type ProviderOutcome,
} from '../provider.ts';

/** How long a Blik payment waits for the customer's approval in the banking app (Stripe: about a minute). */
const BLIK_APPROVAL_MS = 60_000;

/** Stripe's decline and error codes, as the box office's decline reasons (server/services/checkout/declines.ts). */
const REASONS: Record<string, DeclineReason> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'card_expired',
  incorrect_number: 'invalid_card',
  invalid_number: 'invalid_card',
  invalid_expiry_month: 'invalid_card',
  invalid_expiry_year: 'invalid_card',
  incorrect_cvc: 'invalid_card',
  invalid_cvc: 'invalid_card',
  payment_intent_authentication_failure: 'authentication_failed',
  authentication_required: 'authentication_failed',
  // Blik (Stripe's docs: the code is wrong, expired, or the customer refused in the banking app).
  invalid_blik_code: 'blik_code_invalid',
  blik_code_expired: 'blik_code_expired',
  payment_method_customer_decline: 'blik_declined',
  payment_method_provider_timeout: 'blik_timeout',
};

function reasonOf(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  return REASONS[error?.decline_code ?? ''] ?? REASONS[error?.code ?? ''] ?? 'declined';
}

/** A saved card, as the box office keeps it: the Stripe customer and its PaymentMethod, one string. */
export const tokenOf = (customer: string, paymentMethod: string) => `${customer}/${paymentMethod}`;
function parseToken(token: string): { customer: string; paymentMethod: string } {
  const [customer = '', paymentMethod = ''] = token.split('/');
  return { customer, paymentMethod };
}

/**
 * Stripe behind the checkout's one interface, with Stripe's official library (issue 38). Card payments are
 * PaymentIntents confirmed on the box office with the PaymentMethod the customer's browser created in
 * Stripe's own card fields (the card number never reaches the box office); 3-D Secure comes back as the
 * issuer's page to show in a frame (next_action.redirect_to_url); saved cards are a Customer with its
 * PaymentMethod; Blik is a PaymentIntent with the 6-digit code; the payment page is a Checkout Session.
 * Each create carries the box office's payment id as its idempotency key and in metadata[reference], so
 * a retry never charges twice and a payment the box office lost track of is found by search.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly stripe: Stripe;
  private readonly publicUrl: string;

  constructor(credentials: StripeCredentials, opts: { publicUrl: string; timeoutMs?: number }) {
    const api = new URL(credentials.apiUrl);
    this.stripe = new Stripe(credentials.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
      timeout: opts.timeoutMs ?? 20_000,
      // The box office retries by itself (status polls, the reconciler), always with the same keys.
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: 'ticket-shop box office' },
    });
    this.publicUrl = opts.publicUrl;
  }

  /** Calls Stripe; no answer (network, 5xx, rate limit) is PaymentUnavailableError. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeConnectionError ||
        err instanceof Stripe.errors.StripeAPIError ||
        err instanceof Stripe.errors.StripeRateLimitError
      )
        throw new PaymentUnavailableError(`stripe: ${err.message}`);
      throw err;
    }
  }

  async initiate(req: InitiateRequest): Promise<ProviderOutcome> {
    const base = {
      amount: req.amount,
      currency: req.currency.toLowerCase(),
      description: req.description,
      metadata: { reference: req.reference },
    };
    const options = { idempotencyKey: req.reference };
    switch (req.method) {
      case 'card': {
        if (!('token' in req.card)) throw new Error('stripe: a card number never reaches the box office');
        let customer: string | undefined;
        if (req.saveCard) {
          const c = await this.call(() =>
            this.stripe.customers.create(
              { metadata: { reference: req.reference } },
              { idempotencyKey: `customer:${req.reference}` },
            ),
          );
          customer = c.id;
        }
        // A ConfirmationToken from Stripe.js (the Payment Element), or a PaymentMethod id (pm_…).
        const card = req.card.token.startsWith('ctoken_')
          ? { confirmation_token: req.card.token }
          : { payment_method: req.card.token };
        return this.confirm(
          {
            ...base,
            ...card,
            allowed_payment_method_types: ['card'],
            ...(customer ? { customer, setup_future_usage: 'on_session' as const } : {}),
          },
          options,
        );
      }
      case 'token': {
        const { customer, paymentMethod } = parseToken(req.token);
        return this.confirm(
          { ...base, customer, payment_method: paymentMethod, allowed_payment_method_types: ['card'] },
          options,
        );
      }
      case 'blik':
        return this.confirm(
          {
            ...base,
            allowed_payment_method_types: ['blik'],
            payment_method_data: { type: 'blik' },
            payment_method_options: { blik: { code: req.code } },
          },
          options,
        );
      case 'redirect': {
        const session = await this.call(() =>
          this.stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: base.currency,
                    unit_amount: req.amount,
                    product_data: { name: req.description },
                  },
                },
              ],
              client_reference_id: req.reference,
              metadata: { reference: req.reference },
              payment_intent_data: { description: req.description, metadata: { reference: req.reference } },
              success_url: this.publicUrl + req.returnPath,
              cancel_url: this.publicUrl + req.cancelPath,
            },
            options,
          ),
        );
        return this.sessionOutcome(session);
      }
      case 'paypal':
        throw new Error('stripe: PayPal payments go to the PayPal provider');
    }
  }

  /** Creates and confirms a PaymentIntent; a card declined is Stripe's 402 with the intent in the error. */
  private async confirm(
    params: Stripe.PaymentIntentCreateParams,
    options: Stripe.RequestOptions,
  ): Promise<ProviderOutcome> {
    try {
      const intent = await this.call(() =>
        this.stripe.paymentIntents.create(
          {
            ...params,
            confirm: true,
            return_url: `${this.publicUrl}/api/payments/stripe/return`,
            expand: ['payment_method'],
          },
          options,
        ),
      );
      return this.intentOutcome(intent);
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeCardError ||
        err instanceof Stripe.errors.StripeInvalidRequestError
      ) {
        const intent = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
        // A token Stripe will not take (used, expired, made for another future usage) is the card's
        // problem, not the box office's: the customer types it again.
        const cardSide = ['confirmation_token', 'payment_method', 'setup_future_usage'].includes(
          err.param ?? '',
        );
        if (err instanceof Stripe.errors.StripeInvalidRequestError && !intent && !cardSide) throw err;
        return {
          status: 'declined',
          providerRef: intent?.id ?? '',
          reason: intent || err instanceof Stripe.errors.StripeCardError ? reasonOf(err) : 'invalid_card',
          message: err.message,
          brand: null,
          last4: null,
        };
      }
      throw err;
    }
  }

  private async intentOutcome(intent: Stripe.PaymentIntent): Promise<ProviderOutcome> {
    const pm =
      typeof intent.payment_method === 'string'
        ? await this.call(() => this.stripe.paymentMethods.retrieve(intent.payment_method as string))
        : intent.payment_method;
    const card = pm?.card ?? null;
    const brand = card?.brand ?? null;
    const last4 = card?.last4 ?? null;
    switch (intent.status) {
      case 'succeeded': {
        const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
        const token: CardToken | null =
          intent.setup_future_usage && customer && pm && card
            ? {
                token: tokenOf(customer, pm.id),
                brand: card.brand,
                last4: card.last4,
                expiry: `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`,
              }
            : null;
        const charge =
          typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
        return {
          status: 'approved',
          providerRef: intent.id,
          approvalCode: charge ?? intent.id,
          brand,
          last4,
          token,
        };
      }
      case 'requires_action': {
        const next = intent.next_action;
        if (next?.type === 'redirect_to_url' && next.redirect_to_url?.url)
          return {
            status: 'action',
            providerRef: intent.id,
            action: { type: 'challenge', url: next.redirect_to_url.url },
          };
        if (next?.type === 'blik_authorize')
          return {
            status: 'action',
            providerRef: intent.id,
            action: { type: 'blik', expiresAt: intent.created * 1000 + BLIK_APPROVAL_MS },
          };
        throw new Error(`stripe: next action ${next?.type ?? 'none'} is not one the shop can show`);
      }
      case 'requires_payment_method':
        return {
          status: 'declined',
          providerRef: intent.id,
          reason: reasonOf(intent.last_payment_error),
          message: intent.last_payment_error?.message ?? null,
          brand,
          last4,
        };
      case 'canceled':
        return {
          status: 'declined',
          providerRef: intent.id,
          reason: intent.cancellation_reason === 'abandoned' ? 'expired' : 'cancelled',
          message: null,
          brand,
          last4,
        };
      default:
        // processing, requires_confirmation, requires_capture: not settled yet; asked again later.
        throw new PaymentUnavailableError(`stripe: the payment is ${intent.status}`);
    }
  }

  private async sessionOutcome(session: Stripe.Checkout.Session): Promise<ProviderOutcome> {
    if (session.status === 'complete' && session.payment_intent) {
      const id =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent.id;
      return this.intentOutcome(
        await this.call(() => this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] })),
      );
    }
    if (session.status === 'expired')
      return {
        status: 'declined',
        providerRef: session.id,
        reason: 'expired',
        message: null,
        brand: null,
        last4: null,
      };
    return {
      status: 'action',
      providerRef: session.id,
      action: { type: 'redirect', provider: 'hosted', url: session.url ?? '' },
    };
  }

  async status(reference: string, providerRef?: string | null): Promise<ProviderOutcome | null> {
    if (providerRef?.startsWith('cs_'))
      return this.sessionOutcome(await this.call(() => this.stripe.checkout.sessions.retrieve(providerRef)));
    if (providerRef?.startsWith('pi_'))
      return this.intentOutcome(
        await this.call(() =>
          this.stripe.paymentIntents.retrieve(providerRef, { expand: ['payment_method'] }),
        ),
      );
    // The box office never recorded Stripe's answer (a crash): the payment is found by its reference.
    const found = await this.call(() =>
      this.stripe.paymentIntents.search({ query: `metadata['reference']:'${reference}'`, limit: 1 }),
    );
    const intent = found.data[0];
    return intent ? this.intentOutcome(intent) : null;
  }

  capture(): Promise<ProviderOutcome> {
    throw new Error('stripe: only PayPal payments are captured after approval');
  }

  async cancel(_reference: string, providerRef?: string | null): Promise<void> {
    try {
      if (providerRef?.startsWith('cs_'))
        await this.call(() => this.stripe.checkout.sessions.expire(providerRef));
      else if (providerRef?.startsWith('pi_'))
        await this.call(() => this.stripe.paymentIntents.cancel(providerRef));
    } catch (err) {
      // Already succeeded, expired or cancelled: the status the box office asks next says which.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }

  async refund(providerRef: string, part: { amount: number; reference: string }): Promise<void> {
    try {
      await this.call(() =>
        this.stripe.refunds.create(
          { payment_intent: providerRef, amount: part.amount, metadata: { reference: part.reference } },
          { idempotencyKey: `refund:${part.reference}` },
        ),
      );
    } catch (err) {
      // Refunded whole already (this very refund, after Stripe forgot the idempotency key): nothing left.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded')
        return;
      throw err;
    }
  }

  async deleteToken(token: string): Promise<void> {
    const { paymentMethod } = parseToken(token);
    try {
      await this.call(() => this.stripe.paymentMethods.detach(paymentMethod));
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }

  /** A webhook event, verified by its Stripe-Signature with the library's own check; throws when forged. */
  constructEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}
