import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Locale, LocaleSchema } from '../../src/api/contract/common.ts';
import { LOCALE_COOKIE } from '../../src/api/contract/constants.ts';
import { isExternalLinkPath } from '../../src/routing/paths.ts';
import { TrustedHosts } from '../services/links/trustedHosts.ts';
import { leavingPage } from './leavingPage.ts';

/** An external link's address, or `refused`: one that is never followed (not even after the page). */
export type ExternalLink = { kind: 'link'; url: URL } | { kind: 'refused' };

const REFUSED: ExternalLink = { kind: 'refused' };

/**
 * The address of an external link path (spec section 2: `/https://host/path?query`, the request's raw
 * URL, query included), or null for a path that is no external link. Only plain http(s) addresses with a
 * host are links; anything a browser or a reader could take for another address is refused: credentials
 * (`https://trusted.example@evil.example` goes to evil.example), backslashes (read as slashes), control
 * characters and whitespace, an address URL cannot parse.
 */
export function externalLinkOf(rawUrl: string): ExternalLink | null {
  if (!isExternalLinkPath(rawUrl)) return null;
  const rest = rawUrl.slice(1);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]|%5c/i.test(rest)) return REFUSED;
  // Some proxies collapse the `//` after the scheme in a path: restore it.
  const address = rest.replace(/^(https?:)\/*/, '$1//');
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return REFUSED;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return REFUSED;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return REFUSED;
  return { kind: 'link', url };
}

/**
 * GET /http…: the box office decides, once, where an external link goes. A trusted host (TRUSTED_LINK_HOSTS
 * and the hosts the settings name: services/links/trustedHosts.ts) is a 302 to the address; any other
 * host gets the "leaving" page (200) in the customer's language, and an address that is never followed
 * gets that page with only the way back (400). The shop never follows these paths itself
 * (src/app/UnknownPath.tsx): a phishing link cannot start on the venue's domain.
 */
export function externalLinkRoute(app: FastifyInstance) {
  const { config, settings, db, clock } = app.deps;
  const trusted = new TrustedHosts(config, settings, db.kysely, () => clock.now());
  const { enabled, default: defaultLocale } = settings.locales;

  /** The language asked for (the link's own `language` parameter), else the customer's, else the venue's. */
  const localeOf = (request: FastifyRequest): Locale => {
    const query = (request.query as Record<string, unknown> | undefined) ?? {};
    for (const asked of [query.language, request.cookies[LOCALE_COOKIE]]) {
      const parsed = LocaleSchema.safeParse(asked);
      if (parsed.success && enabled.includes(parsed.data)) return parsed.data;
    }
    return defaultLocale;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const link = externalLinkOf(request.url);
    if (!link) return reply.callNotFound();
    // The answer depends on settings and partners that change: never kept by a cache.
    reply.header('cache-control', 'no-store');
    if (link.kind === 'link' && (await trusted.has(link.url.hostname)))
      return reply.redirect(link.url.href, 302);
    const locale = localeOf(request);
    const backHref = locale === defaultLocale ? '/' : `/?language=${locale}`;
    return reply
      .code(link.kind === 'link' ? 200 : 400)
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(leavingPage({ locale, target: link.kind === 'link' ? link.url : undefined, backHref }));
  };
}
