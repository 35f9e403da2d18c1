import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { externalLinkRoute } from './externalLinks.ts';
import { sendHot } from './hotBody.ts';
import { PageBodies } from './seo/pageBodies.ts';
import { renderIndex } from './seo/head.ts';
import { LOCALE_COOKIE } from '../../src/api/contract/constants.ts';
import { paths } from '../../src/routing/paths.ts';
import { PageHeads } from './seo/pageHeads.ts';
import { PageRenderer } from './seo/pageRender.ts';
import { PageStatuses } from './pageStatus.ts';
import { presentationPath } from './seo/jsonLd.ts';
import { robotsTxt, sitemapXml } from './seo/sitemap.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page of the shop: index.html with the page's head; 404 for a path the shop does not know. */
    sendShopPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

export interface ShopPagesOptions {
  /** The built shop (dist/), with index.html. */
  staticDir: string;
}

/**
 * Whether the browser says it is a phone (Client Hints' `Sec-CH-UA-Mobile`, else "Mobi" in its user
 * agent, as MDN advises): a drawn page is drawn for a phone's screen or a wider one (src/ui/usePhone.ts).
 */
export function isPhone(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi/i.test(request.headers['user-agent'] ?? '');
}

/** Hashed file names (Vite's `assets/name-hash.js`) never change: a year, immutable. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Posters change with the catalogue, rarely: a day. */
export const POSTER_CACHE = 'public, max-age=86400';

/** The cache policy of a built file, by its path inside the built shop. */
export function cacheControlOf(relativePath: string): string {
  const path = relativePath.split(sep).join('/');
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (path.startsWith('posters/')) return POSTER_CACHE;
  return 'no-cache';
}

/**
 * The built shop: its files (brotli or gzip copies made by scripts/compress-dist.ts when the browser
 * takes them, so @fastify/compress, which leaves an answer with a Content-Encoding alone, never
 * compresses them again), index.html for `/` and every page the router knows, each with its own head
 * for crawlers and link previews (server/http/seo), the sitemap and robots.txt. Unknown pages still get
 * the shop, which shows its 404 page, with status 404; so do pages whose presentation, e-ticket,
 * membership or mini-site is unknown, and those whose subject is over get 410 (pageStatus.ts). `/api`
 * is not touched.
 */
export async function shopPages(app: FastifyInstance, opts: ShopPagesOptions): Promise<void> {
  const { staticDir } = opts;
  const template = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const heads = new PageHeads(app, staticDir);
  const statuses = new PageStatuses(app, heads);
  // The pages the box office draws with React, when the shop was built with its renderer (issue 39).
  const renderer = await PageRenderer.load(app, staticDir);
  const bodies = new PageBodies(renderer);

  await app.register(fastifyStatic, {
    root: staticDir,
    index: false,
    preCompressed: true,
    // The box office's renderer and Vite's manifest (`.ssr`, `.vite`) are the server's, never sent.
    dotfiles: 'ignore',
    setHeaders: (res, filePath) => {
      res.header('cache-control', cacheControlOf(relative(staticDir, filePath)));
    },
  });

  const sendShopPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const query = (request.query as Record<string, unknown> | undefined) ?? {};
    const status = await statuses.of(path, query.language);
    // The language asked for, else the one the customer chose before (the shop keeps it in a cookie too).
    const language = query.language ?? request.cookies[LOCALE_COOKIE];
    // A page that is not found, or is gone, keeps the shop's plain head, out of the index.
    const head = await heads.head(path, language, status === 200);
    // A language asked for in the link is kept for the next page as the shop keeps it (src/i18n: the same
    // cookie, which its script may change, so not HttpOnly): a link followed before the shop's script
    // has run (a page drawn by the box office answers at once) stays in that language.
    if (query.language !== undefined && heads.localeOf(query.language).valid)
      reply.setCookie(LOCALE_COOKIE, head.locale, {
        path: '/',
        sameSite: 'lax',
        secure: app.deps.config.cookieSecure,
        maxAge: 365 * 24 * 3600,
      });
    // The board's first screen is the unfiltered board: a filtered one (date, venue, kind, search) waits
    // for the shop.
    const filtered = Object.keys(query).some((k) => k !== 'language');
    // Drawn with React by the box office where it can (server/http/seo/drawnPages.ts), else by the shop.
    const rendered =
      renderer && !filtered
        ? await renderer.page(path, head, status, {
            phone: isPhone(request),
            languageAsked: query.language !== undefined,
          })
        : null;
    reply.code(status);
    const vary = rendered
      ? 'accept-encoding, cookie, user-agent, sec-ch-ua-mobile'
      : 'accept-encoding, cookie';
    // An e-ticket drawn with its order is the customer's alone: drawn for this request, never kept.
    if (rendered && (rendered.personal || !bodies.kept(rendered)))
      return reply
        .header('cache-control', rendered.personal ? 'private, no-store' : 'no-cache')
        .header('vary', vary)
        .type('text/html; charset=utf-8')
        .send(renderIndex(template, head, rendered));
    // Any other page is the same for everyone as long as its head and its render are kept: written,
    // hashed and compressed once, then sent as bytes (a 304 where the browser has it).
    const body = bodies.of(rendered ?? head, () => renderIndex(template, head, rendered));
    return sendHot(request, reply, body, 'no-cache', { type: 'text/html; charset=utf-8', vary });
  };
  app.decorate('sendShopPage', sendShopPage);

  app.get('/', sendShopPage);
  app.get('/index.html', sendShopPage);
  // Every page the router knows is the shop's page at once: through the static files' wildcard, each
  // would first cost a stat and a directory read for a file that is not there (half the box office's
  // time for an order page under load: bench/pages.ts).
  for (const page of new Set(
    Object.values(paths).flatMap((p) => (p.endsWith('/*') ? [p, p.slice(0, -2)] : [p])),
  ))
    if (page !== '/') app.get(page, sendShopPage);
  // Spec section 2: a path beginning with /http is an external link; the box office decides where it goes
  // (a trusted host at once, any other after its "leaving" page: externalLinks.ts).
  app.get('/http*', externalLinkRoute(app));

  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(heads.baseUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const board = await heads.board();
    const now = app.deps.clock.now();
    // The board changes with every presentation added; a presentation's page with its own data. One
    // whose sale has ended is left out: its page answers 410 (pageStatus.ts).
    const pages = [
      { path: '/', lastModified: now },
      ...board
        .filter((p) => Date.parse(p.saleEnd) > now)
        .map((p) => ({
          path: presentationPath(p),
          lastModified: Math.min(now, Date.parse(p.saleStart)),
        })),
    ];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(heads.baseUrl, pages, heads.defaultLocale, heads.enabledLocales));
  });
}
// Without fastify-plugin's symbol the routes and the decorator would stay inside its own context.
(shopPages as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
