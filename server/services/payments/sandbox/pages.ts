import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Locale, rtlLocales, supportedLocales } from '../../../../src/api/contract/common.ts';
import { escapeHtml } from '../../serverText.ts';

/**
 * The sandbox acquirer's own pages, as plain server-rendered HTML: they stand for other companies'
 * sites (the card issuer, PayPal, the acquirer's payment page, a banking app), so they share nothing
 * with the shop but its texts, read from `locales/*.json` (key `sandbox`). Every value is escaped.
 */

type Texts = Record<string, string>;
const localesDir = join(import.meta.dirname, '..', '..', '..', '..', 'locales');
const texts = new Map<Locale, Texts>();

function textsOf(locale: Locale): Texts {
  let t = texts.get(locale);
  if (!t) {
    const all = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as { sandbox?: Texts };
    t = all.sandbox ?? {};
    texts.set(locale, t);
  }
  return t;
}

export function pageLocale(value: unknown): Locale {
  return supportedLocales.includes(value as Locale) ? (value as Locale) : 'he';
}

/** A sandbox text in the page's language (English, then the key, when missing), `{{name}}` filled and escaped. */
export function tx(locale: Locale, key: string, params: Record<string, string> = {}): string {
  const raw = textsOf(locale)[key] ?? textsOf('en')[key] ?? key;
  return escapeHtml(raw).replace(/\{\{(\w+)\}\}/g, (_, name: string) => escapeHtml(params[name] ?? ''));
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Arial,sans-serif;background:var(--bg);color:#1d2330}
main{max-width:440px;margin:0 auto;padding:20px 16px}
header{display:flex;align-items:center;gap:10px;margin-bottom:16px}
.logo{font-weight:800;font-size:20px;color:var(--brand)}
.badge{font-size:12px;background:#fff3cd;color:#7a5b00;border-radius:999px;padding:2px 8px}
.card{background:#fff;border-radius:12px;padding:18px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:19px;margin:0 0 10px}p{margin:8px 0;line-height:1.45}
.amount{font-size:26px;font-weight:700;margin:6px 0 12px;direction:ltr;unicode-bidi:isolate}
label{display:block;font-size:14px;margin:10px 0 4px}
input{width:100%;padding:10px;border:1px solid #c5cad3;border-radius:8px;font-size:16px;direction:ltr}
.row{display:flex;gap:10px}.row>div{flex:1}
button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;font-weight:600;margin-top:12px;cursor:pointer;background:var(--brand);color:#fff}
button.secondary{background:#e8eaef;color:#1d2330}
.code{font-size:40px;letter-spacing:8px;font-weight:800;text-align:center;direction:ltr;margin:8px 0}
.muted{color:#5c6475;font-size:14px}.error{color:#b00020;font-weight:600}.ok{color:#0a7a3b;font-weight:600}
form{margin:0}
`;

export function page(
  locale: Locale,
  opts: { title: string; brand: string; color: string; bg?: string; body: string; refreshSeconds?: number },
): string {
  const dir = rtlLocales.has(locale) ? 'rtl' : 'ltr';
  const refresh = opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : '';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${refresh}
<meta name="robots" content="noindex"><title>${opts.title}</title>
<style>:root{--brand:${opts.color};--bg:${opts.bg ?? '#f3f4f7'}}${STYLE}</style></head>
<body><main><header><span class="logo">${opts.brand}</span><span class="badge">${tx(locale, 'badge')}</span></header>
${opts.body}</main></body></html>`;
}
