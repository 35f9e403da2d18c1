import { randomBytes } from 'node:crypto';
import { type FormObject, list, str } from './form.ts';
import {
  type CheckoutSession,
  type ConfirmationToken,
  invalid,
  missing,
  type PaymentIntent,
  type PaymentMethod,
  StripeError,
  stripeId,
} from './objects.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * What the local Stripe-format server keeps, and how Stripe's test mode behaves, per Stripe's API reference
 * and its testing docs: test card numbers that succeed (4242 4242 4242 4242), always ask for 3-D Secure
 * (4000 0027 6000 3184), decline (4000 0000 0000 0002, insufficient funds 4000 0000 0000 9995, expired
 * 4000 0000 0000 0069); objects shaped as the API answers them (PaymentIntent, PaymentMethod, Customer,
 * Refund, Checkout Session); errors as `{error: {type, code, decline_code, message, payment_intent}}`.
 */

const TEST_CARDS: Record<string, PaymentMethod['behaviour']> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '4000002760003184': 'authenticate',
  '4000000000003220': 'authenticate',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};

const DECLINES = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
} as const;

export class StripeLedger {
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly intents = new Map<string, PaymentIntent>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly confirmationTokens = new Map<string, ConfirmationToken>();
  readonly customers = new Map<
    string,
    { id: string; object: 'customer'; metadata: Record<string, string> }
  >();
  readonly refunds = new Map<
    string,
    {
      id: string;
      object: 'refund';
      amount: number;
      payment_intent: string;
      status: 'succeeded';
      metadata: Record<string, string>;
    }
  >();

  private readonly baseUrl: () => string;

  constructor(baseUrl: () => string) {
    this.baseUrl = baseUrl;
  }

  createPaymentMethod(form: FormObject): PaymentMethod {
    const type = str(form, 'type');
    if (type !== 'card') throw invalid('type', 'Only card PaymentMethods are created here.');
    const number = (str(form, 'card', 'number') ?? '').replace(/\D/g, '');
    const behaviour = TEST_CARDS[number];
    if (!behaviour)
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: number.startsWith('4') ? 'visa' : 'mastercard',
        last4: number.slice(-4),
        exp_month: Number(str(form, 'card', 'exp_month') ?? 12),
        exp_year: Number(str(form, 'card', 'exp_year') ?? 2030),
        funding: 'credit',
        country: 'IL',
      },
      customer: null,
      created: nowSeconds(),
      livemode: false,
      metadata: {},
      behaviour,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /**
   * What Stripe.js does in the customer's browser with the publishable key: the card from the Payment
   * Element becomes a ConfirmationToken (its PaymentMethod made now, used when a PaymentIntent is confirmed).
   */
  createConfirmationToken(form: FormObject): ConfirmationToken {
    const pm = this.createPaymentMethod({
      type: 'card',
      card: ((form.payment_method_data as FormObject | undefined)?.card as FormObject | undefined) ?? {},
    });
    const sfu = str(form, 'setup_future_usage');
    const ct: ConfirmationToken = {
      id: stripeId('ctoken'),
      object: 'confirmation_token',
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 12 * 3600,
      livemode: false,
      payment_intent: null,
      setup_future_usage: sfu === 'on_session' || sfu === 'off_session' ? sfu : null,
      payment_method_preview: { type: 'card', card: pm.card },
      pm: pm.id,
    };
    this.confirmationTokens.set(ct.id, ct);
    return ct;
  }

  confirmationToken(id: string): ConfirmationToken {
    const ct = this.confirmationTokens.get(id);
    if (!ct) throw missing('confirmation_token', id);
    return ct;
  }

  paymentMethod(id: string): PaymentMethod {
    const pm = this.paymentMethods.get(id);
    if (!pm) throw missing('payment_method', id);
    return pm;
  }

  createIntent(form: FormObject): PaymentIntent {
    const amount = Number(str(form, 'amount'));
    const currency = str(form, 'currency');
    if (!Number.isInteger(amount) || amount < 1) throw invalid('amount', 'Invalid integer: amount');
    if (!currency) throw invalid('currency', 'Missing required param: currency.');
    const types = list(form, 'allowed_payment_method_types');
    const customer = str(form, 'customer') ?? null;
    if (customer && !this.customers.has(customer)) throw missing('customer', customer);
    const sfu = str(form, 'setup_future_usage');
    const pi: PaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: '',
      customer,
      description: str(form, 'description') ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_method: null,
      payment_method_types: types.length > 0 ? types : ['card'],
      setup_future_usage: sfu === 'on_session' || sfu === 'off_session' ? sfu : null,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      cancellation_reason: null,
      created: nowSeconds(),
      livemode: false,
      refunded: 0,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
    if (pi.payment_method_types.includes('blik') && str(form, 'payment_method_data', 'type') === 'blik') {
      const pm: PaymentMethod = { ...this.createBlikMethod() };
      pi.payment_method = pm.id;
    } else if (str(form, 'confirmation_token')) {
      const ct = this.confirmationToken(str(form, 'confirmation_token')!);
      if (ct.payment_intent)
        throw invalid(
          'confirmation_token',
          'This ConfirmationToken has already been used to confirm a PaymentIntent.',
        );
      // Stripe's rule: the token was made for the same future usage the PaymentIntent asks for.
      if ((ct.setup_future_usage ?? null) !== pi.setup_future_usage)
        throw invalid(
          'setup_future_usage',
          'The setup_future_usage of the PaymentIntent does not match the one the ConfirmationToken was created with.',
        );
      ct.payment_intent = pi.id;
      pi.payment_method = ct.pm;
    } else {
      const pmId = str(form, 'payment_method');
      if (pmId) {
        const pm = this.paymentMethod(pmId);
        if (customer && pm.customer && pm.customer !== customer)
          throw invalid('payment_method', 'The PaymentMethod belongs to another Customer.');
        pi.payment_method = pm.id;
      }
    }
    this.intents.set(pi.id, pi);
    if (str(form, 'confirm') === 'true') this.confirm(pi, form);
    return pi;
  }

  private createBlikMethod(): PaymentMethod {
    const pm: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'blik',
      card: null,
      customer: null,
      created: nowSeconds(),
      livemode: false,
      metadata: {},
      behaviour: 'succeed',
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** Confirms an intent with its PaymentMethod: succeeds, asks for an action, or declines (402). */
  confirm(pi: PaymentIntent, form: FormObject): void {
    if (!pi.payment_method) throw invalid('payment_method', 'You must provide a PaymentMethod to confirm.');
    const pm = this.paymentMethod(pi.payment_method);
    if (pm.type === 'blik') {
      const code = str(form, 'payment_method_options', 'blik', 'code') ?? '';
      if (!/^\d{6}$/.test(code))
        throw invalid('payment_method_options[blik][code]', 'The BLIK code must be 6 digits.');
      pi.status = 'requires_action';
      pi.next_action = { type: 'blik_authorize', blik_authorize: {} };
      return;
    }
    const returnUrl = str(form, 'return_url');
    if (pm.behaviour === 'authenticate') {
      if (!returnUrl)
        throw invalid(
          'return_url',
          'A return_url is required to confirm a payment that needs authentication.',
        );
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${this.baseUrl()}/3ds/${pi.id}`, return_url: returnUrl },
      };
      return;
    }
    if (pm.behaviour !== 'succeed') {
      const d = DECLINES[pm.behaviour];
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...d };
      throw new StripeError(402, { type: 'card_error', ...d, payment_intent: { ...pi } });
    }
    this.succeed(pi);
  }

  succeed(pi: PaymentIntent): void {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.next_action = null;
    pi.latest_charge = stripeId('ch');
    const pm = pi.payment_method ? this.paymentMethods.get(pi.payment_method) : undefined;
    if (pm && pi.customer && pi.setup_future_usage) pm.customer = pi.customer;
  }

  /** The cardholder's answer on the 3-D Secure page, or the banking app's on a Blik payment. */
  authenticate(pi: PaymentIntent, ok: boolean): void {
    if (pi.status !== 'requires_action') return;
    if (ok) return this.succeed(pi);
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error =
      this.paymentMethods.get(pi.payment_method ?? '')?.type === 'blik'
        ? {
            type: 'card_error',
            code: 'payment_method_customer_decline',
            message: 'The customer declined the payment in the banking app.',
          }
        : {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message: 'The provided PaymentMethod has failed authentication.',
          };
  }

  intent(id: string): PaymentIntent {
    const pi = this.intents.get(id);
    if (!pi) throw missing('payment_intent', id);
    return pi;
  }

  cancel(pi: PaymentIntent, reason: string | undefined): void {
    if (pi.status === 'succeeded' || pi.status === 'canceled')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
        payment_intent: { ...pi },
      });
    pi.status = 'canceled';
    pi.next_action = null;
    pi.cancellation_reason = reason ?? 'requested_by_customer';
  }

  refund(form: FormObject) {
    const pi = this.intent(str(form, 'payment_intent') ?? '');
    if (pi.status !== 'succeeded')
      throw invalid('payment_intent', 'This PaymentIntent has no successful charge to refund.');
    const left = pi.amount - pi.refunded;
    if (left === 0)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${pi.latest_charge} has already been refunded.`,
      });
    const amount = str(form, 'amount') ? Number(str(form, 'amount')) : left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw invalid(
        'amount',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      );
    pi.refunded += amount;
    const refund = {
      id: stripeId('re'),
      object: 'refund' as const,
      amount,
      payment_intent: pi.id,
      status: 'succeeded' as const,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  createSession(form: FormObject): CheckoutSession {
    const item = (form.line_items as FormObject[] | undefined)?.[0];
    const unit = Number(str(item, 'price_data', 'unit_amount'));
    const quantity = Number(str(item, 'quantity') ?? 1);
    const currency = str(item, 'price_data', 'currency');
    const success = str(form, 'success_url');
    if (str(form, 'mode') !== 'payment') throw invalid('mode', 'Missing required param: mode.');
    if (!currency || !Number.isInteger(unit) || unit < 1) throw invalid('line_items', 'Invalid line_items.');
    if (!success) throw invalid('success_url', 'Missing required param: success_url.');
    const cs: CheckoutSession = {
      id: stripeId('cs_test'),
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unit * quantity,
      currency,
      client_reference_id: str(form, 'client_reference_id') ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: success,
      cancel_url: str(form, 'cancel_url') ?? success,
      url: null,
      created: nowSeconds(),
      livemode: false,
      intentData: {
        description: str(form, 'payment_intent_data', 'description') ?? null,
        metadata:
          ((form.payment_intent_data as FormObject | undefined)?.metadata as
            Record<string, string> | undefined) ?? {},
      },
    };
    cs.url = `${this.baseUrl()}/pay/${cs.id}`;
    this.sessions.set(cs.id, cs);
    return cs;
  }

  session(id: string): CheckoutSession {
    const cs = this.sessions.get(id);
    if (!cs) throw missing('checkout.session', id);
    return cs;
  }

  /** The customer paid on the Checkout page with a test card: its PaymentIntent, succeeded or declined. */
  paySession(cs: CheckoutSession, pm: PaymentMethod): PaymentIntent {
    const pi = this.createIntent({
      amount: String(cs.amount_total),
      currency: cs.currency,
      description: cs.intentData.description ?? '',
      metadata: cs.intentData.metadata,
      payment_method: pm.id,
    });
    cs.payment_intent = pi.id;
    if (pm.behaviour === 'succeed' || pm.behaviour === 'authenticate') {
      this.succeed(pi);
      cs.status = 'complete';
      cs.payment_status = 'paid';
    } else {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', ...DECLINES[pm.behaviour] };
    }
    return pi;
  }
}
