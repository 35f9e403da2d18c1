import type { Locale } from '../../src/api/contract/common.ts';
import { escapeHtml as esc } from '../services/serverText.ts';
import { localeTexts } from './seo/localeTexts.ts';

const RTL: ReadonlySet<Locale> = new Set(['he', 'ar']);

/**
 * The page's own styles, inline (the Content-Security-Policy allows inline styles, never inline
 * scripts; the page has none). The shop's colours (src/ui/theme.ts: violet); links are 44 px tall and
 * full width on a phone, so each is an easy target.
 */
const CSS = `
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew",
  "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif; font-size: 16px; line-height: 1.55; color: #212529;
  background: #f8f9fa; }
* { box-sizing: border-box; }
main { max-width: 32rem; margin: 48px auto; padding: 24px 20px; background: #fff; border: 1px solid #dee2e6;
  border-radius: 8px; }
.brand { margin: 0 0 12px; color: #6741d9; font-size: 20px; font-weight: 800; }
h1 { margin: 0 0 12px; font-size: 24px; line-height: 1.3; overflow-wrap: anywhere; }
p { margin: 0 0 20px; color: #495057; }
.host { font-weight: 700; color: #212529; }
.actions { display: flex; flex-wrap: wrap; gap: 12px; }
.actions a { display: block; min-height: 44px; padding: 10px 20px; border-radius: 8px; line-height: 24px;
  font-weight: 600; text-align: center; text-decoration: none; overflow-wrap: anywhere; }
.go, .go .host { background: #7950f2; color: #fff; }
.back { border: 1px solid #ced4da; color: #6741d9; background: #fff; }
a:focus-visible { outline: 3px solid #b197fc; outline-offset: 2px; }
@media (max-width: 480px) {
  main { margin: 0; min-height: 100vh; border: 0; border-radius: 0; }
  .actions { flex-direction: column; }
  .actions a { width: 100%; }
}
`;

export interface LeavingPageInput {
  locale: Locale;
  /** Where the link leads; absent when its address cannot be followed at all (malformed, credentials …). */
  target?: URL;
  /** The shop's events board, in the page's language. */
  backHref: string;
}

/**
 * The box office's own page for an external link (`/http…`) to a host the venue does not trust: "You
 * are leaving {venue} for {host}", a link on and one back to the board; or, for an address that is never
 * followed, only the way back. The host is the one the browser would go to (`URL.hostname`, IDN as
 * punycode, so a look-alike name shows as what it is), always left to right in a right-to-left page.
 * Every text is escaped; no script.
 */
export function leavingPage({ locale, target, backHref }: LeavingPageInput): string {
  const t = localeTexts(locale);
  const venue = t('app.name');
  // A placeholder that survives escaping: the host goes in as markup of its own, after the text is escaped.
  const HOST = '\u0001host\u0001';
  const withHost = (text: string) =>
    target ? esc(text).replace(HOST, `<bdi dir="ltr" class="host">${esc(target.hostname)}</bdi>`) : esc(text);
  const title = target ? t('leaving.title', { venue, host: HOST }) : t('leaving.refusedTitle');
  const links = [
    target
      ? `<a class="go" data-testid="leaving-continue" href="${esc(target.href)}" rel="noopener noreferrer">` +
        `${withHost(t('leaving.continue', { host: HOST }))}</a>`
      : '',
    `<a class="back" data-testid="leaving-back" href="${esc(backHref)}">${esc(t('common.backHome'))}</a>`,
  ];
  return (
    `<!doctype html>\n<html lang="${locale}" dir="${RTL.has(locale) ? 'rtl' : 'ltr'}">\n<head>\n` +
    `<meta charset="utf-8" />\n<meta name="viewport" content="width=device-width, initial-scale=1" />\n` +
    `<meta name="robots" content="noindex, nofollow" />\n<meta name="referrer" content="no-referrer" />\n` +
    `<link rel="icon" href="/favicon.png" type="image/png" sizes="64x64" />\n` +
    `<title>${esc(title.replace(HOST, target?.hostname ?? ''))}</title>\n<style>${CSS}</style>\n</head>\n` +
    `<body>\n<main data-testid="${target ? 'leaving-page' : 'link-refused-page'}">` +
    `<p class="brand">${esc(venue)}</p><h1>${withHost(title)}</h1>` +
    `<p>${esc(target ? t('leaving.note', { venue }) : t('leaving.refusedNote'))}</p>` +
    `<div class="actions">${links.join('')}</div></main>\n</body>\n</html>\n`
  );
}
