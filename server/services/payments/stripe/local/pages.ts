import { escapeHtml } from '../../../serverText.ts';
import type { CheckoutSession, PaymentIntent } from './objects.ts';

/**
 * The local Stripe server's pages, standing for the card issuer's 3-D Secure page and Stripe Checkout:
 * plain HTML in English (they stand for other companies' sites, as Stripe's test pages do), every value
 * escaped. The card typed on the Checkout page goes to this server only, never to the box office.
 */
const STYLE =
  'body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0}main{max-width:420px;margin:0 auto;padding:24px 16px}' +
  'h1{font-size:20px}label{display:block;margin:10px 0 4px;font-size:14px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #c4cdd5;border-radius:6px}' +
  'button{width:100%;padding:12px;margin-top:12px;font-size:16px;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}' +
  'button.secondary{background:#e3e8ee;color:#1a1f36}.error{color:#df1b41;font-weight:600}.amount{font-size:24px;font-weight:700}';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function threeDsPage(pi: PaymentIntent): string {
  return shell(
    '3D Secure 2 Test Page',
    `<h1>3D Secure 2 Test Page</h1><p class="amount">${escapeHtml(money(pi.amount, pi.currency))}</p>
<form method="post"><button name="answer" value="complete" data-testid="stripe-3ds-complete">Complete</button>
<button class="secondary" name="answer" value="fail" data-testid="stripe-3ds-fail">Fail</button></form>`,
  );
}

export function hostedPage(cs: CheckoutSession, error: string | null): string {
  return shell(
    'Stripe Checkout',
    `<h1>Pay ${escapeHtml(money(cs.amount_total, cs.currency))}</h1>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post"><label for="n">Card number</label><input id="n" name="card[number]" autocomplete="cc-number" inputmode="numeric" required>
<label for="m">Expiry month</label><input id="m" name="card[exp_month]" value="12" inputmode="numeric">
<label for="y">Expiry year</label><input id="y" name="card[exp_year]" value="2030" inputmode="numeric">
<label for="c">CVC</label><input id="c" name="card[cvc]" autocomplete="cc-csc" inputmode="numeric">
<button name="answer" value="pay" data-testid="stripe-checkout-pay">Pay</button></form>
<form method="post"><button class="secondary" name="answer" value="cancel" data-testid="stripe-checkout-cancel">Back</button></form>`,
  );
}
