import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { boardKey, orderKey, type PageData } from '../../src/ssr/pageData.ts';
import { fakeDist, SCRIPT } from './testing/fakeDist.ts';
import { listPresentations } from '../testing/fixtures.ts';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { VENUE } from '../seed/catalogue.ts';
import { SEASON_ID } from '../services/enrolment/testing.ts';
import { commit, seatShop } from '../testing/checkout.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';
import { asStaff, demoStaffCookie } from '../testing/staff.ts';
import { decimalAmount } from './seo/jsonLd.ts';

const PUBLIC_URL = 'https://tickets.example';
const EVIL = '</script><script>alert(1)</script> "quoted" & <b>';

const metaOf = (html: string, key: string) =>
  [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)]
    .filter((m) => m[1] === key)
    .map((m) => m[2]);
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );

describe.each(dialects)('the built shop on %s', (dialect) => {
  let t: TestApp;
  let dist: string;
  let movie: PresentationSummary;
  let other: PresentationSummary;
  let concert: PresentationSummary;

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp(dialect, { env: { PUBLIC_URL, STATIC_DIR: dist } });
    const all = await listPresentations(t.app);
    movie = all.find((p) => p.category === 'movie' && p.saleStatus === 'open' && p.minPrice !== null)!;
    other = all.find((p) => !p.isVod && p.featureId !== movie.featureId && p.saleStatus === 'open')!;
    // Before the first page: the shop reads the board once and looks for a poster once per feature.
    writeFileSync(
      join(dist, 'posters', `feature-${movie.featureId}.svg`),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    await t.db.kysely
      .updateTable('features')
      .set({ title_json: JSON.stringify({ he: EVIL, en: EVIL }) })
      .where('id', '=', other.featureId)
      .execute();
    // A venue without a street address (the demo's all have one).
    await t.db.kysely
      .updateTable('venues')
      .set({ address_json: null })
      .where('id', '=', VENUE.musicHall)
      .execute();
    concert = all.find((p) => p.venueId === VENUE.musicHall && p.saleStatus === 'open')!;
  });
  afterAll(async () => {
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('wrote brotli and gzip copies of the text files big enough to gain', () => {
    expect(existsSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'index-Ab12Cd34.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(dist, 'og-image.png.br'))).toBe(false);
  });

  it('sends the brotli copy of a hashed asset once, cached for a year', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps unhashed files fresh and posters a day', async () => {
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    const poster = await t.app.inject({ url: `/posters/feature-${movie.featureId}.svg` });
    expect(poster.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("writes the board's head in Hebrew by default, with its events as JSON-LD", async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="he" dir="rtl" data-mantine-color-scheme="light">');
    // Its stylesheet inline (pageRender.ts); the shop's script asked for once painted (after-paint.js).
    expect(html).toContain('<style data-href="/assets/index-Ef56Gh78.css">');
    expect(html).toContain('<meta name="shop-entry" content="/assets/index-Ab12Cd34.js" />');
    expect(html).toContain('<meta name="shop-module" content="/assets/react-Ij90Kl12.js" />');
    expect(html).toContain('<script type="module" src="/after-paint.js"></script>');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'og:url')).toEqual([`${PUBLIC_URL}/`]);
    expect(metaOf(html, 'og:locale')).toEqual(['he_IL']);
    expect(metaOf(html, 'og:image')).toEqual([`${PUBLIC_URL}/og-image.png`]);
    expect(metaOf(html, 'robots')).toEqual([]);
    const [list] = jsonLdOf(html);
    expect(list?.['@type']).toBe('ItemList');
    expect((list?.itemListElement as unknown[]).length).toBeGreaterThan(0);
    // The board's list comes with the page (its first paint needs no request), escaped like JSON-LD.
    // Under the board's load key, with the moment the page was drawn at (src/ssr/pageData.ts).
    const inline = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
    const data = JSON.parse(inline?.[1] ?? '{}') as PageData;
    const board = data.answers[boardKey(null)] as { presentations: PresentationSummary[] };
    expect(board.presentations.map((p) => p.id)).toEqual((await listPresentations(t.app)).map((p) => p.id));
    expect(data.now).toBe(t.clock.now());
    expect(html).toContain(
      `<link rel="preload" as="image" href="/posters/feature-${movie.featureId}.svg" fetchpriority="high" />`,
    );
  });

  it("writes a presentation's head in its language: title, long date, og tags and its Event", async () => {
    const res = await t.app.inject({ url: `/order/${movie.id}?language=en` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="light">');
    const title = movie.title.en ?? '';
    expect(html).toContain(`<title>${title} | Tickets</title>`);
    const [description] = metaOf(html, 'description');
    expect(description).toContain(title);
    expect(description).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(description).toContain(movie.venueName.en ?? '');
    const page = `${PUBLIC_URL}/order/${movie.id}?language=en`;
    expect(html).toContain(`<link rel="canonical" href="${page.replace('&', '&amp;')}" />`);
    expect(metaOf(html, 'og:url')).toEqual([page]);
    expect(metaOf(html, 'og:title')).toEqual([`${title} | Tickets`]);
    expect(metaOf(html, 'og:image')).toEqual([
      `${PUBLIC_URL}/og-image.png`,
      `${PUBLIC_URL}/posters/feature-${movie.featureId}.svg`,
    ]);
    expect(metaOf(html, 'twitter:card')).toEqual(['summary_large_image']);
    const [event] = jsonLdOf(html);
    expect(event).toMatchObject({ '@type': 'Event', name: title, url: page });
    expect(event?.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[23]:00$/);
    expect(Date.parse(event?.startDate as string)).toBe(Date.parse(movie.dateTime));
    expect(event?.offers).toMatchObject({
      lowPrice: decimalAmount(movie.minPrice ?? 0, 2),
      priceCurrency: 'ILS',
      availability: 'https://schema.org/InStock',
    });
  });

  it("gives an event's place the venue's street address in the page's language, and draws it with it", async () => {
    const placeOf = (html: string) => jsonLdOf(html)[0]?.location as Record<string, unknown>;
    const en = (await t.app.inject({ url: `/order/${movie.id}?language=en` })).body;
    expect(placeOf(en)).toEqual({
      '@type': 'Place',
      name: `Hadar Cinema · ${movie.hallName.en}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: '54 Herzl St',
        addressLocality: 'Haifa',
        postalCode: '3303554',
        addressCountry: 'IL',
      },
    });
    // The page is drawn with the presentation as GET /api/presentations/{id} answers it, address and all.
    const drawn = JSON.parse(
      /<script type="application\/json" id="page-data">([^<]*)</.exec(en)?.[1] ?? '{}',
    );
    expect(drawn.answers[orderKey(movie.id)].presentation.venueAddress.street.en).toBe('54 Herzl St');
    const he = (await t.app.inject({ url: `/order/${movie.id}` })).body;
    expect(placeOf(he).address).toMatchObject({ streetAddress: 'רחוב הרצל 54', addressLocality: 'חיפה' });
    // The board's JSON-LD carries each event's address too; its list for the shop does not (no card shows it).
    const boardPage = (await t.app.inject({ url: '/?language=en' })).body;
    expect(boardPage).toContain('<script type="application/json" id="page-data">');
    expect(boardPage).not.toContain('"venueAddress"');
    const board = jsonLdOf(boardPage)[0];
    const items = (board?.itemListElement ?? []) as { item: { location: Record<string, unknown> } }[];
    expect(
      items.some((i) => (i.item.location.address as { streetAddress?: string } | undefined)?.streetAddress),
    ).toBe(true);

    // A venue without an address: its name and the shop's country, as before.
    const bare = (await t.app.inject({ url: `/order/${concert.id}?language=en` })).body;
    expect(placeOf(bare).address).toEqual({
      '@type': 'PostalAddress',
      name: 'Music Hall',
      addressCountry: 'IL',
    });
  });

  it('escapes what the catalogue says, in attributes and in JSON-LD', async () => {
    const html = (await t.app.inject({ url: `/order/${other.id}?language=en` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;',
    );
    const [event] = jsonLdOf(html);
    expect(event?.name).toBe(EVIL);
  });

  it('keeps private pages out of the index, and answers unknown pages 404 with the shop', async () => {
    for (const url of ['/customer-area', '/staff', '/dev/sms-outbox', '/preview']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(metaOf(res.body, 'robots'), url).toEqual(['noindex, nofollow']);
      expect(jsonLdOf(res.body), url).toEqual([]);
    }
    const unknown = await t.app.inject({ url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(metaOf(unknown.body, 'robots')).toEqual(['noindex, nofollow']);
    const api = await t.app.inject({ url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 404 with the shop for an unknown presentation, e-ticket, code, slug or language', async () => {
    const vod = (await listPresentations(t.app)).find((p) => p.isVod)!;
    for (const url of [
      '/order/999999',
      '/order/0x10',
      `/order/${movie.id}.0`,
      `/order/+${movie.id}`,
      `/order/0${movie.id}`,
      '/vod/999999',
      `/vod/${movie.id}`, // not a video
      `/vod/ABCDEF12/${vod.id}e0`,
      '/edocument/abcdefghijklmnop1234',
      '/edocument/short',
      '/membership/NO-SUCH-CODE',
      '/membership/NO-SUCH-CODE/SOMEPRICE',
      '/enroll/NO-SUCH-SEASON',
      '/enroll/999999',
      '/mini-site/no-such-partner',
      '/?language=xx',
      '/?language=pl', // supported, not enabled here
      `/order/${movie.id}?language=xx`,
      '/order?language=xx&language=en',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(metaOf(res.body, 'robots'), url).toEqual(['noindex, nofollow']);
    }
    // A language remembered in the cookie is no address: the page falls back to the default.
    expect((await t.app.inject({ url: '/', cookies: { shop_locale: 'xx' } })).statusCode).toBe(200);
  });

  it('answers 200 for what exists, and 410 once a sale or an e-ticket is over', async () => {
    const all = await listPresentations(t.app);
    const ended = all.find((p) => p.saleStatus === 'ended' && !p.isVod)!;
    const early = all.find((p) => p.saleStatus === 'not_started' && !p.isVod)!;
    const vod = all.find((p) => p.isVod)!;
    const { memberships } = (await t.app.inject({ url: '/api/memberships' })).json() as {
      memberships: { Code: string; isEnrolment: boolean }[];
    };
    const plain = memberships.find((m) => !m.isEnrolment)!;
    const season = (await t.app.inject({ url: `/api/enroll/${SEASON_ID}` })).json() as { code: string };
    const { miniSites } = (await t.app.inject({ url: '/api/mini-sites' })).json() as {
      miniSites: { slug: string }[];
    };
    const shop = await seatShop(t);
    const me = visitor();
    const bought = await commit(t.app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, 1)));
    expect(bought.statusCode, bought.body).toBe(200);
    const { documentKey } = CheckoutCompletedSchema.parse(bought.json());

    const statusOf = async (url: string) => (await t.app.inject({ url })).statusCode;
    for (const url of [
      `/order/${movie.id}`,
      `/order/${movie.id}/?language=en`,
      `/order/${early.id}`,
      `/order/${vod.id}`, // the shop leads on to /vod/{id}
      `/vod/${vod.id}`,
      `/vod/ABCDEF12/${vod.id}`, // a viewing page: its format only (the key is the shop's to check)
      `/edocument/${documentKey}`,
      `/membership/${plain.Code}`,
      `/membership/${plain.Code.toLowerCase()}`,
      `/membership/${plain.Code}/ANYPRICE`,
      `/enroll/${season.code}`,
      `/enroll/${SEASON_ID}`,
      `/mini-site/${miniSites[0]!.slug}`,
      '/?language=en',
    ])
      expect(await statusOf(url), url).toBe(200);

    // A presentation whose sale has ended is gone, as is every one once it has begun; so is the e-ticket
    // after its presentation (edocument_expired): still the shop, which says so.
    const gone = await t.app.inject({ url: `/order/${ended.id}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('<div id="root"></div>');
    expect(metaOf(gone.body, 'robots')).toEqual(['noindex, nofollow']);
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).not.toContain(`/order/${ended.id}<`);
    const now = t.clock.now();
    try {
      t.clock.set(Date.parse(shop.movie.dateTime) + 24 * 3600_000);
      expect(await statusOf(`/order/${shop.movie.id}`)).toBe(410);
      expect(await statusOf(`/edocument/${documentKey}`)).toBe(410);
      t.clock.set(Date.parse(vod.saleEnd) + 1);
      expect(await statusOf(`/vod/${vod.id}`)).toBe(410);
    } finally {
      t.clock.set(now);
    }
    expect(await statusOf(`/edocument/${documentKey}`)).toBe(200);
  });

  it('lists the board and every upcoming presentation in the sitemap, in each language', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const xml = res.body;
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/order/${movie.id}</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/order/${movie.id}?language=en</loc>`);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/order/${movie.id}?language=en"/>`,
    );
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);

    // A show the back office schedules is in the sitemap at once, as on the board.
    const manager = asStaff(t.app, await demoStaffCookie(t.app, 'manager'));
    const day = new Date(t.clock.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const made = await manager.post('/api/admin/schedules', {
      featureId: movie.featureId,
      hallIds: [movie.seatplanId],
      from: day,
      to: day,
      rules: [{ weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['09:00'] }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const added = made.json().presentations[0].id as number;
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(
      `<loc>${PUBLIC_URL}/order/${added}</loc>`,
    );
  });

  it('tells robots what to leave alone and where the sitemap is', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    for (const line of [
      'Disallow: /api/',
      'Disallow: /staff',
      'Disallow: /edocument',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ])
      expect(res.body).toContain(line);
  });
});
