import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { listPresentations } from '../testing/fixtures.ts';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { commit, seatShop } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { fakeDist } from './testing/fakeDist.ts';

/**
 * The board drawn by the shop's renderer (issue 39: server/http/seo/pageRender.ts), here a renderer in
 * miniature (testing/fakeDist.ts) that says what it was given; the real one is tested in src/ssr.
 */
describe.each(dialects)('the pages the box office draws on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  let movie: PresentationSummary;

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://tickets.example', STATIC_DIR: dist } });
    const all = await listPresentations(t.app);
    movie = all.find((p) => p.category === 'movie' && p.saleStatus === 'open' && p.minPrice !== null)!;
  });
  afterAll(async () => {
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("draws the board with the shop's renderer, in the language asked for or remembered", async () => {
    const he = (await t.app.inject({ url: '/' })).body;
    // What the renderer drew, inside #root, marked for the shop to hydrate; it had the venue's settings,
    // the locale's texts and the page's data (the board's answer).
    expect(he).toContain(
      '<div id="root" data-ssr><main data-url="/" data-locale="he"><h1>לוח אירועים</h1><p>board:all ILS</p></main></div>',
    );
    // Every stylesheet it is drawn with, inline in the order the browser would load them (the entry's,
    // then a chunk's imports' before its own), each with a link the shop's code finds and never fetches.
    const inline = [...he.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)].map((m) => [m[1], m[2]]);
    expect(inline).toEqual([
      ['/assets/index-Ef56Gh78.css', '.entry{color:red}'],
      ['/assets/Box-Yy.css', '.box{color:blue}'],
      ['/assets/EventsBoardPage-Zz.css', '.board{color:green}'],
    ]);
    expect(he).toContain('<link rel="stylesheet" crossorigin href="/assets/Box-Yy.css" disabled>');
    expect(he).not.toMatch(/<link rel="stylesheet"[^>]*href="[^"]+"(?! disabled)>/);
    // The board's own modules from Vite's manifest, less the entry's (the page loads those anyway), asked
    // for with the entry once the page is painted.
    expect(he).toContain('<meta name="shop-module" content="/assets/EventsBoardPage-Zz.js" />');
    expect(he).toContain('<meta name="shop-module" content="/assets/Box-Yy.js" />');
    expect(he.match(/react-Ij90Kl12\.js/g)).toHaveLength(1);
    const en = (await t.app.inject({ url: '/', cookies: { shop_locale: 'en' } })).body;
    expect(en).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="light">');
    expect(en).toContain('<main data-url="/" data-locale="en"><h1>Events board</h1>');
    // A filtered board (date, venue, kind, search) is the shop's to draw; the language alone is not a filter.
    expect((await t.app.inject({ url: '/?date=2026-11-23' })).body).toContain('<div id="root"></div>');
    const asked = await t.app.inject({ url: '/?language=en' });
    expect(asked.body).toContain('data-ssr');
    // The language of the link is kept for the next page: a link followed before the shop's script runs.
    const localeCookie = (res: { headers: Record<string, unknown> }) =>
      [res.headers['set-cookie'] ?? []].flat().filter((c) => String(c).startsWith('shop_locale='));
    expect(localeCookie(asked)).toEqual(['shop_locale=en; Max-Age=31536000; Path=/; SameSite=Lax']);
    expect(localeCookie(await t.app.inject({ url: '/' }))).toEqual([]);
    expect(localeCookie(await t.app.inject({ url: '/?language=xx' }))).toEqual([]);
    // A render that fails leaves the page to the shop, never an error.
    const failed = await t.app.inject({ url: '/order' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    // The renderer and the manifest are the box office's own: never sent.
    expect((await t.app.inject({ url: '/.ssr/renderPage.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
    // Pages the box office does not draw (staff, personal) keep their stylesheets and script as they are.
    const staff = (await t.app.inject({ url: '/staff' })).body;
    expect(staff).not.toContain('data-ssr');
    expect(staff).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">');
    expect(staff).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>');
  });

  it('draws an order page, the lists and the 404 page, for the screen the browser says it is', async () => {
    const dataOf = (html: string) =>
      JSON.parse(/<script type="application\/json" id="page-data">([^<]*)</.exec(html)?.[1] ?? 'null') as {
        answers: Record<string, unknown>;
        phone: boolean;
      } | null;
    // An order page: drawn with the presentation and its prices, under the page's load key.
    const order = (await t.app.inject({ url: `/order/${movie.id}?language=en` })).body;
    expect(order).toContain(`<main data-url="/order/${movie.id}" data-locale="en">`);
    expect(Object.keys(dataOf(order)!.answers)).toEqual([`order:${movie.id}`]);
    expect(dataOf(order)!.phone).toBe(false);
    // A phone's browser (its user agent, or its client hint) gets the page drawn for a phone.
    const ua = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
    const phone = await t.app.inject({ url: `/order/${movie.id}`, headers: { 'user-agent': ua } });
    expect(dataOf(phone.body)!.phone).toBe(true);
    expect(phone.headers.vary).toBe('accept-encoding, cookie, user-agent, sec-ch-ua-mobile');
    // Kept for everyone while its render is: the same bytes, and a 304 to a browser that has them.
    const again = await t.app.inject({ url: `/order/${movie.id}`, headers: { 'user-agent': ua } });
    expect(again.headers.etag).toBe(phone.headers.etag);
    expect(again.body).toBe(phone.body);
    const held = { 'user-agent': ua, 'if-none-match': String(phone.headers.etag) };
    expect((await t.app.inject({ url: `/order/${movie.id}`, headers: held })).statusCode).toBe(304);
    const wide = await t.app.inject({ url: `/order/${movie.id}` });
    expect(wide.headers.etag).not.toBe(phone.headers.etag);
    const hinted = (await t.app.inject({ url: '/', headers: { 'user-agent': ua, 'sec-ch-ua-mobile': '?0' } }))
      .body;
    expect(dataOf(hinted)!.phone).toBe(false);
    // The lists the shop sells from, each with its answer as the API sends it.
    for (const [url, key] of [
      ['/digital', 'vouchers'],
      ['/donations', 'donations'],
      ['/membership', 'memberships'],
    ] as const) {
      const res = await t.app.inject({ url: `${url}?language=en` });
      expect(res.body).toContain(`<main data-url="${url}" data-locale="en">`);
      const sent = (
        await t.app.inject({
          url: `/api${url === '/digital' ? '/system-vouchers/for-sale' : url === '/membership' ? '/memberships' : url}`,
        })
      ).json();
      expect(dataOf(res.body)!.answers[key]).toEqual(sent);
      // Kept for everyone, the voucher shop (whose vouchers left change with every order) for a second.
      const again = await t.app.inject({ url: `${url}?language=en` });
      expect(res.headers.etag).toMatch(/^"/);
      expect(again.headers.etag).toBe(res.headers.etag);
    }
    // A path the shop has no page for: its 404 page, drawn, with the status.
    const missing = await t.app.inject({ url: '/no-such-page?language=en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<main data-url="/not-found" data-locale="en">');
    // An e-ticket: drawn with its order (its key authorises it), in the order's language when its link
    // names none, and the customer's alone.
    const shop = await seatShop(t);
    const me = visitor();
    const bought = await commit(t.app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, 1)));
    const { documentKey } = CheckoutCompletedSchema.parse(bought.json());
    const ticket = await t.app.inject({ url: `/edocument/${documentKey}` });
    expect(ticket.headers['cache-control']).toBe('private, no-store');
    expect(ticket.headers.etag).toBeUndefined();
    expect(ticket.body).toContain('<html lang="en" dir="ltr"');
    expect(ticket.body).toContain(`<main data-url="/edocument/${documentKey}" data-locale="en">`);
    expect(dataOf(ticket.body)!.answers[`edocument:${documentKey}`]).toEqual(
      (await t.app.inject({ url: `/api/edocument/${documentKey}` })).json(),
    );
    const inHebrew = (await t.app.inject({ url: `/edocument/${documentKey}?language=he` })).body;
    expect(inHebrew).toContain('data-locale="he"');
    // An order page that is gone (410) or not found is the shop's to draw, with its own message.
    const unknown = await t.app.inject({ url: '/order/987654' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
  });
});
