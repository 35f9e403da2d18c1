import { supportedLocales, type Locale } from '../../../src/api/contract/common.ts';
import { escapeHtml } from '../../services/serverText.ts';

/** A page of the sitemap: its path (no query) and when it last changed (epoch ms). */
export interface SitemapPage {
  path: string;
  lastModified: number;
}

/** The page's address in a language: the default language needs no `?language=`. */
export function localizedUrl(baseUrl: string, path: string, locale: Locale, defaultLocale: Locale): string {
  return `${baseUrl}${path}${locale === defaultLocale ? '' : `?language=${locale}`}`;
}

/**
 * sitemap.xml: each page in each language as its own `<url>`, every one listing all languages as
 * hreflang alternates (Google's rule: each language version names the others and itself).
 */
export function sitemapXml(
  baseUrl: string,
  pages: SitemapPage[],
  defaultLocale: Locale,
  locales: readonly Locale[] = supportedLocales,
): string {
  const urls: string[] = [];
  for (const page of pages) {
    const lastmod = new Date(page.lastModified).toISOString().slice(0, 10);
    const links = locales.map(
      (l) =>
        `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(localizedUrl(baseUrl, page.path, l, defaultLocale))}"/>`,
    );
    links.push(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(`${baseUrl}${page.path}`)}"/>`,
    );
    for (const l of locales) {
      urls.push(
        `<url><loc>${escapeHtml(localizedUrl(baseUrl, page.path, l, defaultLocale))}</loc>` +
          `<lastmod>${lastmod}</lastmod>${links.join('')}</url>`,
      );
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

/** Paths crawlers are kept out of: the API and every private page. */
export const DISALLOWED = [
  '/api/',
  '/staff',
  '/door',
  '/dev/',
  '/customer-area',
  '/edocument',
  '/waiver',
  '/sandbox/',
];

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
