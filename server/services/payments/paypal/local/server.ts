import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../../serverText.ts';

/** A request as the local server received it: what the adapter's tests assert on. */
export interface RecordedPayPalRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

interface Order {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  payer?: { payer_id: string; email_address: string };
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: Capture[] };
  }[];
  returnUrl: string;
  cancelUrl: string;
}

interface Capture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
  refunded: number;
}

export interface LocalPayPal {
  url: string;
  requests: RecordedPayPalRequest[];
  orders: Map<string, Order>;
  captures: Map<string, Capture>;
  /** The next API call is answered 500, or never answered. */
  failNext(kind: 'error' | 'hang'): void;
  /** The next capture is refused as PayPal refuses a declined funding source (422 INSTRUMENT_DECLINED). */
  declineNextCapture(): void;
  /** Webhook events go here (`twice`: each delivered twice). */
  webhooks(opts: { url: string; twice?: boolean } | null): void;
  close(): Promise<void>;
}

const CLIENT_ID = /^[\w-]+$/;
const payPalId = () =>
  Array.from(randomBytes(17), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[b % 34]).join('');

/**
 * A local server that speaks PayPal's REST wire format (issue 38): OAuth 2.0 client credentials, Orders v2
 * (create with PayPal-Request-Id idempotency, show, capture), captures and refunds, webhook events with
 * PayPal's PAYPAL-TRANSMISSION-* headers and the verify-webhook-signature call, and the payer's approval
 * page behind the `payer-action` link. Errors are PayPal's `{name, message, debug_id, details}`.
 */
export async function startLocalPayPal(
  opts: { port?: number; clientSecret?: string } = {},
): Promise<LocalPayPal> {
  let base = '';
  const requests: RecordedPayPalRequest[] = [];
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const tokens = new Set<string>();
  const replies = new Map<string, { status: number; body: string }>();
  const sent = new Map<string, string>();
  let fail: 'error' | 'hang' | null = null;
  let declineCapture = false;
  let hooks: { url: string; twice?: boolean } | null = null;
  const hanging = new Set<ServerResponse>();

  const error = (status: number, name: string, issue: string, message: string) => ({
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue, description: message }],
    },
  });
  const wireOrder = (o: Order) => ({
    id: o.id,
    intent: o.intent,
    status: o.status,
    ...(o.payer ? { payer: o.payer } : {}),
    purchase_units: o.purchase_units.map((u) => ({
      ...u,
      ...(u.payments ? { payments: { captures: u.payments.captures.map(wireCapture) } } : {}),
    })),
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'PAYER_ACTION_REQUIRED'
        ? [{ href: `${base}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
    ],
  });
  const wireCapture = (c: Capture) => ({
    id: c.id,
    status: c.status,
    amount: c.amount,
    custom_id: c.custom_id,
  });

  async function emit(type: string, resource: object): Promise<void> {
    const to = hooks;
    if (!to) return;
    const event = {
      id: `WH-${payPalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: type.startsWith('PAYMENT.CAPTURE') ? 'capture' : 'checkout-order',
      event_type: type,
      summary: type,
      resource,
    };
    const payload = JSON.stringify(event);
    for (let i = 0; i < (to.twice ? 2 : 1); i++) {
      const transmission = randomUUID();
      sent.set(transmission, payload);
      await fetch(to.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${base}/v1/notifications/certs/CERT-local`,
          'paypal-transmission-id': transmission,
          'paypal-transmission-sig': randomBytes(64).toString('base64'),
          'paypal-transmission-time': new Date().toISOString(),
        },
        body: payload,
      }).catch(() => undefined);
    }
  }

  function api(
    req: IncomingMessage,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown; after?: [string, object] } {
    const seg = path.split('/').filter(Boolean);
    const key = `${req.method} ${seg.slice(0, 3).join('/')}`;
    if (key === 'POST v2/checkout/orders' && seg.length === 3) {
      const unit = (body.purchase_units as Order['purchase_units'] | undefined)?.[0];
      const ctx = (
        body.payment_source as { paypal?: { experience_context?: Record<string, string> } } | undefined
      )?.paypal?.experience_context;
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
        return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent is required');
      if (
        !unit ||
        !/^[A-Z]{3}$/.test(unit.amount?.currency_code ?? '') ||
        !/^\d{1,10}(\.\d{1,3})?$/.test(unit.amount?.value ?? '')
      )
        return error(
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_VALUE',
          'purchase_units[0].amount is not valid',
        );
      if (!ctx?.return_url || !ctx.cancel_url)
        return error(
          422,
          'UNPROCESSABLE_ENTITY',
          'MISSING_RETURN_URL',
          'return_url and cancel_url are required',
        );
      const order: Order = {
        id: payPalId(),
        status: 'PAYER_ACTION_REQUIRED',
        intent: String(body.intent),
        purchase_units: [unit],
        returnUrl: ctx.return_url,
        cancelUrl: ctx.cancel_url,
      };
      orders.set(order.id, order);
      return { status: 201, body: wireOrder(order) };
    }
    if (seg[0] === 'v2' && seg[1] === 'checkout' && seg[2] === 'orders' && seg[3]) {
      const order = orders.get(seg[3]);
      if (!order)
        return error(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      if (req.method === 'GET' && !seg[4]) return { status: 200, body: wireOrder(order) };
      if (req.method === 'POST' && seg[4] === 'capture') {
        if (order.status === 'COMPLETED')
          return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        if (order.status !== 'APPROVED')
          return error(
            422,
            'UNPROCESSABLE_ENTITY',
            'ORDER_NOT_APPROVED',
            'Payer has not yet approved the Order for payment.',
          );
        if (declineCapture) {
          declineCapture = false;
          return error(
            422,
            'UNPROCESSABLE_ENTITY',
            'INSTRUMENT_DECLINED',
            'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
          );
        }
        const unit = order.purchase_units[0]!;
        const capture: Capture = {
          id: payPalId(),
          status: 'COMPLETED',
          amount: unit.amount,
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          refunded: 0,
        };
        captures.set(capture.id, capture);
        unit.payments = { captures: [capture] };
        order.status = 'COMPLETED';
        return {
          status: 201,
          body: wireOrder(order),
          after: ['PAYMENT.CAPTURE.COMPLETED', wireCapture(capture)],
        };
      }
    }
    if (seg[0] === 'v2' && seg[1] === 'payments' && seg[2] === 'captures' && seg[3]) {
      const capture = captures.get(seg[3]);
      if (!capture)
        return error(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      if (req.method === 'GET' && !seg[4]) return { status: 200, body: wireCapture(capture) };
      if (req.method === 'POST' && seg[4] === 'refund') {
        const factor = 10 ** (capture.amount.value.split('.')[1]?.length ?? 0);
        const total = Math.round(Number(capture.amount.value) * factor);
        const value = (body.amount as { value?: string } | undefined)?.value;
        const amount = value ? Math.round(Number(value) * factor) : total - capture.refunded;
        if (!(amount > 0) || capture.refunded + amount > total)
          return error(
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
        capture.refunded += amount;
        capture.status = capture.refunded === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        const refund = {
          id: payPalId(),
          status: 'COMPLETED',
          amount: {
            currency_code: capture.amount.currency_code,
            value: (amount / factor).toFixed(Math.log10(factor)),
          },
        };
        return { status: 201, body: refund, after: ['PAYMENT.CAPTURE.REFUNDED', refund] };
      }
    }
    if (key === 'POST v1/notifications/verify-webhook-signature') {
      const known = sent.get(String(body.transmission_id ?? ''));
      const ok =
        known !== undefined &&
        known === JSON.stringify(body.webhook_event) &&
        typeof body.webhook_id === 'string';
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The requested resource was not found.');
  }

  function approvalPage(order: Order): string {
    const unit = order.purchase_units[0]!;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PayPal</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0}main{max-width:420px;margin:0 auto;padding:24px 16px}button{width:100%;padding:12px;margin-top:12px;font-size:16px;border:0;border-radius:24px;background:#0070ba;color:#fff}button.secondary{background:#e3e8ee;color:#1a1f36}</style></head>
<body><main><h1>PayPal</h1><p>Pay ${escapeHtml(unit.amount.value)} ${escapeHtml(unit.amount.currency_code)}</p>
<form method="post"><button name="answer" value="pay" data-testid="paypal-local-pay">Pay Now</button>
<button class="secondary" name="answer" value="cancel" data-testid="paypal-local-cancel">Cancel and return</button></form></main></body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const json =
      (req.headers['content-type'] ?? '').includes('json') && raw
        ? (JSON.parse(raw) as Record<string, unknown>)
        : {};
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      headers: req.headers,
      body: raw && !Object.keys(json).length ? raw : json,
    });
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'paypal-debug-id': randomBytes(6).toString('hex') });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname === '/checkoutnow') {
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) return send(404, 'Not found', 'text/plain');
      if (req.method === 'GET') return send(200, approvalPage(order), 'text/html; charset=utf-8');
      const answer = new URLSearchParams(raw).get('answer');
      const back = new URL(answer === 'pay' ? order.returnUrl : order.cancelUrl);
      back.searchParams.set('token', order.id);
      if (answer === 'pay' && order.status === 'PAYER_ACTION_REQUIRED') {
        order.status = 'APPROVED';
        order.payer = { payer_id: payPalId().slice(0, 13), email_address: 'buyer@example.com' };
        back.searchParams.set('PayerID', order.payer.payer_id);
      }
      res.writeHead(303, { location: back.toString() });
      res.end();
      if (order.status === 'APPROVED') await emit('CHECKOUT.ORDER.APPROVED', wireOrder(order));
      return;
    }
    if (url.pathname === '/v1/oauth2/token' && req.method === 'POST') {
      const [, basic = ''] = (req.headers.authorization ?? '').split(' ');
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
      if (
        !CLIENT_ID.test(id) ||
        (opts.clientSecret && secret !== opts.clientSecret) ||
        !raw.includes('grant_type=client_credentials')
      )
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return send(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-LOCAL',
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return send(401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    if (fail) {
      const f = fail;
      fail = null;
      if (f === 'hang') return void hanging.add(res);
      return send(500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' });
    }
    const requestId = req.headers['paypal-request-id'];
    const replayKey =
      typeof requestId === 'string' && req.method === 'POST' ? `${url.pathname} ${requestId}` : null;
    const earlier = replayKey ? replies.get(replayKey) : undefined;
    if (earlier) return send(earlier.status === 201 ? 200 : earlier.status, JSON.parse(earlier.body));
    const answer = api(req, url.pathname, json);
    if (replayKey && answer.status < 500)
      replies.set(replayKey, { status: answer.status, body: JSON.stringify(answer.body) });
    send(answer.status, answer.body);
    if (answer.after) await emit(answer.after[0], answer.after[1]);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    orders,
    captures,
    failNext: (kind) => void (fail = kind),
    declineNextCapture: () => void (declineCapture = true),
    webhooks: (o) => void (hooks = o),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
