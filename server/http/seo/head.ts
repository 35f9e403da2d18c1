import type { RenderedPage } from './pageRender.ts';
import type { Locale } from '../../../src/api/contract/common.ts';
import { escapeHtml } from '../../services/serverText.ts';
import { jsonLdText } from './jsonLd.ts';
import { PAGE_DATA_ID } from '../../../src/ssr/pageData.ts';

/** What a page tells crawlers and link previews before any script runs. */
export interface PageHead {
  locale: Locale;
  title: string;
  description: string;
  /** Absolute; absent on pages that are not to be indexed. */
  canonical?: string;
  /** Absolute image addresses, best first (the first one a preview can show). */
  images: string[];
  noindex: boolean;
  /** `og:type`: website, or an event's page. */
  type?: 'website' | 'article';
  /** schema.org objects, one script element each. */
  jsonLd: unknown[];
  /** Absolute address of the page in each language, for hreflang. */
  alternates?: Partial<Record<Locale, string>>;
  siteName: string;
  /** Images the page shows first (the board's first posters): fetched beside the scripts. */
  preloadImages?: string[];
  /** Data the page's script would fetch first, inlined as `<script type="application/json" id>`. */
  inlineData?: { id: string; data: unknown };
}

const OG_LOCALE: Record<Locale, string> = { he: 'he_IL', en: 'en_US', ru: 'ru_RU', ar: 'ar_AR', pl: 'pl_PL' };
const RTL: ReadonlySet<Locale> = new Set(['he', 'ar']);

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/** The tags of a page's head (title included), every value escaped. */
export function headTags(h: PageHead, rendered?: RenderedPage | null): string {
  const tags = [`<title>${escapeHtml(h.title)}</title>`, meta('name', 'description', h.description)];
  if (h.noindex) tags.push(meta('name', 'robots', 'noindex, nofollow'));
  if (h.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}" />`);
  for (const [lang, href] of Object.entries(h.alternates ?? {}))
    tags.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}" />`);
  tags.push(
    meta('property', 'og:site_name', h.siteName),
    meta('property', 'og:type', h.type ?? 'website'),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    meta('property', 'og:locale', OG_LOCALE[h.locale]),
  );
  if (h.canonical) tags.push(meta('property', 'og:url', h.canonical));
  for (const image of h.images) tags.push(meta('property', 'og:image', image));
  tags.push(
    meta('name', 'twitter:card', h.images.length ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', h.title),
    meta('name', 'twitter:description', h.description),
  );
  if (h.images[0]) tags.push(meta('name', 'twitter:image', h.images[0]));
  for (const data of h.jsonLd) tags.push(`<script type="application/ld+json">${jsonLdText(data)}</script>`);
  for (const href of h.preloadImages ?? [])
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`);
  const inline = rendered ? { id: PAGE_DATA_ID, data: rendered.data } : h.inlineData;
  if (inline)
    tags.push(
      `<script type="application/json" id="${escapeHtml(inline.id)}">${jsonLdText(inline.data)}</script>`,
    );
  return tags.join('\n    ');
}

/**
 * The built index.html with the page's head: `<html lang dir>` in the page's language, the `<title>`
 * replaced by the page's tags. The template is the built file, read once.
 */
export function renderIndex(template: string, h: PageHead, rendered?: RenderedPage | null): string {
  const locale = rendered?.locale ?? h.locale;
  const dir = RTL.has(locale) ? 'rtl' : 'ltr';
  // Mantine's colours hang on the scheme's attribute, which its script would set: the shop is light only.
  const html = template.replace(
    /<html[^>]*>/i,
    `<html lang="${locale}" dir="${dir}" data-mantine-color-scheme="light">`,
  );
  if (rendered) {
    // Drawn by the box office with React (pageRender.ts): its stylesheets come inline, so the page's one
    // answer paints it; each keeps a disabled <link> (never fetched) by which the shop's code knows it is
    // there and does not ask for it again. Its modules load beside the entry's; the shop hydrates #root.
    const styles = rendered.styles.filter((s) => !s.css.includes('</style'));
    const inlined = new Set(styles.map((s) => s.href));
    const links = [
      ...styles.map(
        (s) =>
          `<style data-href="${escapeHtml(s.href)}">${s.css}</style>\n    ` +
          `<link rel="stylesheet" crossorigin href="${escapeHtml(s.href)}" disabled>`,
      ),
      ...rendered.styles
        .filter((s) => !inlined.has(s.href))
        .map((s) => `<link rel="stylesheet" crossorigin href="${escapeHtml(s.href)}">`),
      ...rendered.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ];
    return scriptsAfterPaint(
      html
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace(/<title>[\s\S]*?<\/title>/i, () => [headTags(h, rendered), ...links].join('\n    '))
        .replace('<div id="root"></div>', () => `<div id="root" data-ssr>${rendered.html}</div>`),
    );
  }
  return html.replace(/<title>[\s\S]*?<\/title>/i, () => headTags(h));
}

/**
 * A page that paints without its scripts asks for them once painted (public/after-paint.js), all at
 * once: the entry and every module it would have preloaded. Fetching and compiling them first would
 * hold the paint on a phone's slow network.
 */
function scriptsAfterPaint(page: string): string {
  return page
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) =>
        `<meta name="shop-entry" content="${src}" />\n    <script type="module" src="/after-paint.js"></script>`,
    )
    .replace(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      '<meta name="shop-module" content="$1" />',
    );
}
