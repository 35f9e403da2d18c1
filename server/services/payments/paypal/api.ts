import { currencyInfo } from '../../../../src/domain/currency.ts';
import { PaymentUnavailableError } from '../provider.ts';

/**
 * PayPal's REST API as PayPal documents it (developer.paypal.com/api/rest): an OAuth 2.0 access token by
 * client credentials, then JSON calls with `Authorization: Bearer`, and `PayPal-Request-Id` on every
 * call that creates something, so a retried request is answered with the first result. PayPal's own
 * server SDK hard-codes PayPal's hosts; this client takes the base address from the settings, so it runs
 * against a local PayPal-format server in the tests.
 */

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';
  amount: { currency_code: string; value: string };
}

export interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  payer?: { payer_id?: string };
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    payments?: { captures?: PayPalCapture[] };
  }[];
  links?: PayPalLink[];
}

/** PayPal's error body: `{name, message, debug_id, details: [{issue, description}]}`. */
export class PayPalError extends Error {
  readonly status: number;
  readonly body: { name?: string; message?: string; details?: { issue?: string; description?: string }[] };
  constructor(status: number, body: PayPalError['body']) {
    super(body.message ?? `PayPal answered ${status}`);
    this.status = status;
    this.body = body;
  }

  get issue(): string | undefined {
    return this.body.details?.[0]?.issue;
  }
}

/** An amount in minor units as PayPal's decimal string (JPY has no decimals, ILS two). */
export function payPalValue(amount: number, currency: string): string {
  const decimals = currencyInfo(currency).decimals;
  return decimals === 0 ? String(amount) : (amount / 10 ** decimals).toFixed(decimals);
}

export class PayPalApi {
  private token: { value: string; until: number } | null = null;
  private readonly base: string;
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly timeoutMs: number;

  constructor(opts: { base: string; clientId: string; clientSecret: string; timeoutMs?: number }) {
    this.base = opts.base.replace(/\/+$/, '');
    this.clientId = opts.clientId;
    this.clientSecret = opts.clientSecret;
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.base}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new PaymentUnavailableError(`paypal: ${(err as Error).message}`);
    }
  }

  /** The access token (POST /v1/oauth2/token), kept until a minute before PayPal says it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
    const res = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (res.status >= 500) throw new PaymentUnavailableError(`paypal: token ${res.status}`);
    const json = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!res.ok || !json.access_token) throw new PayPalError(res.status, json as PayPalError['body']);
    this.token = { value: json.access_token, until: Date.now() + ((json.expires_in ?? 300) - 60) * 1000 };
    return this.token.value;
  }

  /** A JSON call; 5xx is PaymentUnavailableError, another non-2xx PayPalError with PayPal's body. */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; requestId?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (opts.requestId) headers['paypal-request-id'] = opts.requestId;
    const res = await this.fetch(path, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(opts.body ?? {}) } : {}),
    });
    if (res.status === 401) this.token = null;
    if (res.status >= 500 || res.status === 429)
      throw new PaymentUnavailableError(`paypal: ${path} ${res.status}`);
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : {};
    if (!res.ok) throw new PayPalError(res.status, json as PayPalError['body']);
    return json as T;
  }
}
