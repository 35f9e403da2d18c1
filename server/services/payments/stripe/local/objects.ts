import { randomBytes } from 'node:crypto';

/** Stripe's objects as its API answers them (the fields the box office and the shop read), and its errors. */

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card' | 'blik';
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
  } | null;
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  /** Not part of Stripe's answer: the test card's behaviour. */
  behaviour: 'succeed' | 'authenticate' | 'decline' | 'insufficient_funds' | 'expired_card';
}

export interface ConfirmationToken {
  id: string;
  object: 'confirmation_token';
  created: number;
  expires_at: number;
  livemode: false;
  payment_intent: string | null;
  setup_future_usage: 'on_session' | 'off_session' | null;
  payment_method_preview: { type: 'card'; card: PaymentMethod['card'] };
  /** Not Stripe's: the PaymentMethod a confirmation makes of it. */
  pm: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: 'on_session' | 'off_session' | null;
  next_action:
    | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } }
    | { type: 'blik_authorize'; blik_authorize: Record<string, never> }
    | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
  /** Not Stripe's: the refunds' total, and the shop's return address for 3-D Secure. */
  refunded: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  livemode: false;
  /** Not Stripe's: what the PaymentIntent it makes will carry. */
  intentData: { description: string | null; metadata: Record<string, string> };
}

export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: PaymentIntent;
}

export class StripeError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

export function invalid(param: string, message: string): StripeError {
  return new StripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });
}

export function missing(kind: string, id: string): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });
}

/** An object as the API answers it: the server's own bookkeeping fields left out. */
export function wire<T extends object>(o: T): Omit<T, 'behaviour' | 'refunded' | 'intentData' | 'pm'> {
  const {
    behaviour: _b,
    refunded: _r,
    intentData: _i,
    pm: _p,
    ...rest
  } = o as T & { behaviour?: unknown; refunded?: unknown; intentData?: unknown; pm?: unknown };
  return rest;
}
