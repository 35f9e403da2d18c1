/**
 * The payment provider's own card fields (issue 38): with Stripe, its Payment Element in a frame of
 * Stripe's origin, so the card number never passes through the shop or the box office. The checkout's
 * pay step asks the fields mounted now for a token (a Stripe ConfirmationToken) and sends only that.
 */

/** The part of Stripe.js (https://docs.stripe.com/js) the shop uses. */
export interface StripeJs {
  elements(options: {
    mode: 'payment';
    amount: number;
    currency: string;
    paymentMethodTypes: string[];
    setupFutureUsage?: 'on_session' | null;
    appearance?: Record<string, unknown>;
  }): StripeElements;
  createConfirmationToken(options: {
    elements: StripeElements;
  }): Promise<{ confirmationToken?: { id: string }; error?: { message?: string } }>;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  update(options: { amount?: number; setupFutureUsage?: 'on_session' | null }): void;
  submit(): Promise<{ error?: { message?: string } }>;
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (e: { complete?: boolean }) => void): unknown;
}

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

/** Loads Stripe.js once, from the address the settings give (https://js.stripe.com/v3/). */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type TokenResult = { token: string } | { error: string | null };

export interface ProviderCardFields {
  /** The card typed into the provider's fields, as a token; the fields show their own messages. */
  tokenize(): Promise<TokenResult>;
}

let active: ProviderCardFields | null = null;

/** The fields mounted now register themselves; the returned function unregisters them. */
export function registerProviderCardFields(fields: ProviderCardFields): () => void {
  active = fields;
  return () => {
    if (active === fields) active = null;
  };
}

export function providerCardFields(): ProviderCardFields | null {
  return active;
}
