import type { InitiateRequest, PaymentProvider, ProviderOutcome } from '../provider.ts';
import { PayPalApi, type PayPalCapture, PayPalError, type PayPalOrder, payPalValue } from './api.ts';

const declined = (providerRef: string, reason: 'wallet_declined' | 'cancelled', message: string | null) =>
  ({ status: 'declined', providerRef, reason, message, brand: null, last4: null }) as const;

/**
 * PayPal by its REST API (Orders v2), behind the checkout's one interface (issue 38): an order with intent
 * CAPTURE is created with our payment id as `PayPal-Request-Id` and `custom_id`; the payer approves it
 * on PayPal (the `payer-action` link) and comes back with `token` and `PayerID`; the box office captures
 * (again with a request id: a retried capture is the same capture) and refunds by the capture's id.
 */
export class PayPalRestProvider implements PaymentProvider {
  readonly name = 'paypal';
  readonly api: PayPalApi;
  private readonly publicUrl: string;
  private readonly webhookId: string | null;

  constructor(opts: {
    clientId: string;
    clientSecret: string;
    apiBase: string;
    webhookId: string | null;
    publicUrl: string;
    timeoutMs?: number;
  }) {
    this.api = new PayPalApi({
      base: opts.apiBase,
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    });
    this.publicUrl = opts.publicUrl;
    this.webhookId = opts.webhookId;
  }

  async initiate(req: InitiateRequest): Promise<ProviderOutcome> {
    if (req.method !== 'paypal') throw new Error('paypal: only PayPal payments come here');
    const order = await this.api.call<PayPalOrder>('POST', '/v2/checkout/orders', {
      requestId: req.reference,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: req.reference,
            custom_id: req.reference,
            description: req.description.slice(0, 127),
            amount: { currency_code: req.currency, value: payPalValue(req.amount, req.currency) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: this.publicUrl + req.returnPath,
              cancel_url: this.publicUrl + req.cancelPath,
              shipping_preference: req.shipping,
              user_action: 'PAY_NOW',
            },
          },
        },
      },
    });
    return this.outcomeOf(order);
  }

  private outcomeOf(order: PayPalOrder): ProviderOutcome {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    switch (order.status) {
      case 'COMPLETED':
        return capture ? this.captureOutcome(order.id, capture) : declined(order.id, 'wallet_declined', null);
      case 'APPROVED':
        return { status: 'authorized', providerRef: order.id, payerId: order.payer?.payer_id ?? '' };
      case 'VOIDED':
        return declined(order.id, 'cancelled', null);
      default: {
        const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
        return {
          status: 'action',
          providerRef: order.id,
          action: { type: 'redirect', provider: 'paypal', url: link?.href ?? '' },
        };
      }
    }
  }

  private captureOutcome(orderId: string, capture: PayPalCapture): ProviderOutcome {
    if (capture.status === 'COMPLETED' || capture.status === 'PENDING' || capture.status.endsWith('REFUNDED'))
      return {
        status: 'approved',
        providerRef: capture.id,
        approvalCode: capture.id,
        brand: null,
        last4: null,
        token: null,
      };
    return declined(orderId, 'wallet_declined', null);
  }

  async status(_reference: string, providerRef?: string | null): Promise<ProviderOutcome | null> {
    // No PayPal order recorded: the box office never showed the payer PayPal, so nothing can be paid.
    if (!providerRef) return null;
    try {
      return this.outcomeOf(await this.api.call<PayPalOrder>('GET', `/v2/checkout/orders/${providerRef}`));
    } catch (err) {
      if (err instanceof PayPalError && err.status === 404) return null;
      throw err;
    }
  }

  async capture(reference: string, approval: { payerId: string; orderId: string }): Promise<ProviderOutcome> {
    try {
      const order = await this.api.call<PayPalOrder>(
        'POST',
        `/v2/checkout/orders/${approval.orderId}/capture`,
        {
          requestId: `capture:${reference}`,
        },
      );
      return this.outcomeOf(order);
    } catch (err) {
      if (!(err instanceof PayPalError) || err.status !== 422) throw err;
      // Captured already (a capture whose answer was lost): the order says how.
      if (err.issue === 'ORDER_ALREADY_CAPTURED')
        return this.outcomeOf(
          await this.api.call<PayPalOrder>('GET', `/v2/checkout/orders/${approval.orderId}`),
        );
      return declined(approval.orderId, 'wallet_declined', err.body.details?.[0]?.description ?? err.message);
    }
  }

  /** An order the payer never approved expires at PayPal by itself: nothing to call. */
  async cancel(): Promise<void> {}

  async refund(providerRef: string, part: { amount: number; reference: string }): Promise<void> {
    const capture = await this.api.call<PayPalCapture>('GET', `/v2/payments/captures/${providerRef}`);
    await this.api.call('POST', `/v2/payments/captures/${providerRef}/refund`, {
      requestId: `refund:${part.reference}`,
      body: {
        amount: {
          currency_code: capture.amount.currency_code,
          value: payPalValue(part.amount, capture.amount.currency_code),
        },
      },
    });
  }

  async deleteToken(): Promise<void> {}

  /** A webhook event, checked by PayPal's own verification call against the venue's webhook id. */
  async verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    event: unknown,
  ): Promise<boolean> {
    if (!this.webhookId) return false;
    const h = (name: string) => {
      const v = headers[name];
      return typeof v === 'string' ? v : '';
    };
    const answer = await this.api.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        body: {
          auth_algo: h('paypal-auth-algo'),
          cert_url: h('paypal-cert-url'),
          transmission_id: h('paypal-transmission-id'),
          transmission_sig: h('paypal-transmission-sig'),
          transmission_time: h('paypal-transmission-time'),
          webhook_id: this.webhookId,
          webhook_event: event,
        },
      },
    );
    return answer.verification_status === 'SUCCESS';
  }
}
