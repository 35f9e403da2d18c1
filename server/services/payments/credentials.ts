/**
 * The payment providers' credentials and addresses (issue 38). They come from the environment only,
 * never from the settings file or the database: a venue's settings name the provider
 * (`payment.provider`), the deployment holds its keys. Each is checked at start: a bad one stops it.
 */
export interface StripeCredentials {
  /** sk_test_… or sk_live_… (or a restricted rk_ key). */
  secretKey: string;
  /** pk_test_… or pk_live_…: the shop's Stripe.js uses it in the customer's browser. */
  publishableKey: string;
  /** whsec_…: checks the Stripe-Signature of webhook events. */
  webhookSecret: string;
  /** Stripe's API, https://api.stripe.com; a local Stripe-format server in tests and demos. */
  apiUrl: string;
  /** Stripe.js, https://js.stripe.com/v3/; the local server's stand-in in tests and demos. */
  jsUrl: string;
}

export interface PayPalCredentials {
  clientSecret: string;
  /** The id of the webhook the venue registered with PayPal (its events are verified against it). */
  webhookId: string | null;
  /** PayPal's REST API for the settings' environment, or a local PayPal-format server. */
  apiUrl: string | null;
}

export interface ProviderCredentials {
  stripe: StripeCredentials | null;
  paypal: PayPalCredentials | null;
}

type Problem = (message: string) => void;

function url(value: string | undefined, name: string, fallback: string, problem: Problem): string {
  const v = (value ?? '').trim() || fallback;
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('scheme');
  } catch {
    problem(`${name}: '${v}' is not an http(s) address`);
  }
  return v;
}

/** Reads the providers' credentials; `problem` collects what is wrong (config.ts stops the start). */
export function readProviderCredentials(env: NodeJS.ProcessEnv, problem: Problem): ProviderCredentials {
  let stripe: StripeCredentials | null = null;
  const sk = env.STRIPE_SECRET_KEY?.trim();
  if (sk) {
    if (!/^(sk|rk)_(test|live)_\w+$/.test(sk))
      problem('STRIPE_SECRET_KEY: not a Stripe secret key (sk_test_…, sk_live_…)');
    const pk = env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '';
    if (!/^pk_(test|live)_\w+$/.test(pk))
      problem('STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (pk_test_…, pk_live_…)');
    else if (pk.split('_')[1] !== sk.split('_')[1])
      problem('STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY: one is a test key, the other a live key');
    const wh = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
    if (!/^whsec_\w+$/.test(wh)) problem('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (whsec_…)');
    stripe = {
      secretKey: sk,
      publishableKey: pk,
      webhookSecret: wh,
      apiUrl: url(env.STRIPE_API_URL, 'STRIPE_API_URL', 'https://api.stripe.com', problem),
      jsUrl: url(env.STRIPE_JS_URL, 'STRIPE_JS_URL', 'https://js.stripe.com/v3/', problem),
    };
  }
  let paypal: PayPalCredentials | null = null;
  const secret = env.PAYPAL_CLIENT_SECRET?.trim();
  if (secret)
    paypal = {
      clientSecret: secret,
      webhookId: env.PAYPAL_WEBHOOK_ID?.trim() || null,
      apiUrl: env.PAYPAL_API_URL?.trim() ? url(env.PAYPAL_API_URL, 'PAYPAL_API_URL', '', problem) : null,
    };
  return { stripe, paypal };
}

/** PayPal's REST API for an environment of the settings (a local server's address overrides it). */
export function payPalApiUrl(credentials: PayPalCredentials, environment: 'sandbox' | 'production'): string {
  return (
    credentials.apiUrl ??
    (environment === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')
  );
}

/** What the shop's pages load from a payment provider, for the Content-Security-Policy. */
export interface ProviderOrigins {
  script: string[];
  frame: string[];
  connect: string[];
}

/**
 * Exactly the origins the chosen provider needs (Stripe's CSP guidance: Stripe.js and its frames from
 * js.stripe.com, its API, and 3-D Secure pages from hooks.stripe.com); none for the sandbox, whose pages
 * are the box office's own. PayPal and Stripe's Checkout are whole-page visits: no policy entry.
 */
export function providerOrigins(provider: string, credentials: ProviderCredentials): ProviderOrigins {
  const stripe = provider === 'stripe' ? credentials.stripe : null;
  if (!stripe) return { script: [], frame: [], connect: [] };
  const js = new URL(stripe.jsUrl).origin;
  const api = new URL(stripe.apiUrl).origin;
  const real = js === 'https://js.stripe.com';
  const jsOrigins = real ? [js, 'https://*.js.stripe.com'] : [js];
  const threeDs = api === 'https://api.stripe.com' ? 'https://hooks.stripe.com' : api;
  const unique = (list: string[]) => [...new Set(list)];
  return { script: jsOrigins, frame: unique([...jsOrigins, threeDs]), connect: unique([api, js]) };
}
