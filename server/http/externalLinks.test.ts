import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Settings } from '../../src/api/contract/session.ts';
import { DEMO_RETURN_ORIGIN } from '../seed/partners.ts';
import { DEMO_ORDER_TERMS } from '../seed/terms.ts';
import { PARTNER_HOSTS_TTL_MS } from '../services/links/trustedHosts.ts';
import { createTestApp, dialects, type TestApp } from '../testing/harness.ts';
import { externalLinkOf } from './externalLinks.ts';

const PUBLIC_URL = 'https://tickets.example';
const SETTINGS = {
  order: {
    termsUrl: 'https://terms.venue.example/terms',
    orderReceivedUrl: 'http://thanks.venue.example/received',
    // Polish terms at an address of their own; the other languages keep the demo's text.
    terms: { pl: 'https://regulamin.venue.example/pl' },
  },
};

/** Addresses that must never be followed at once, whatever hosts are trusted. */
const ODD = [
  '/https://friends.example@evil.example/',
  '/https://friends.example:secret@evil.example/',
  '/https://friends.example%2F@evil.example/',
  '/https:%5C%5Cevil.example/',
  '/https://friends.example%5C@evil.example/',
  '/https://',
  '/https://[zz]/',
  '/https://friends.exa%09mple/',
  '/http:javascript:alert(1)',
];

describe('externalLinkOf', () => {
  it('reads the address after the slash, restoring a collapsed `//`', () => {
    expect(externalLinkOf('/https:/friends.example/a?b=1')).toEqual({
      kind: 'link',
      url: new URL('https://friends.example/a?b=1'),
    });
  });

  it('refuses backslashes, credentials and what URL cannot parse; null for other paths', () => {
    expect(externalLinkOf('/https:\\\\evil.example')).toEqual({ kind: 'refused' });
    for (const odd of ODD) expect(externalLinkOf(odd), odd).toEqual({ kind: 'refused' });
    for (const path of ['/httpfoo', '/HTTPS://evil.example', '/javascript:alert(1)', '/order/1'])
      expect(externalLinkOf(path), path).toBeNull();
  });
});

describe('TRUSTED_LINK_HOSTS', () => {
  it('is a comma list of host names, lower-cased', () => {
    expect(loadConfig({ TRUSTED_LINK_HOSTS: ' Friends.example, b.example ,' }).trustedLinkHosts).toEqual([
      'friends.example',
      'b.example',
    ]);
    expect(loadConfig({}).trustedLinkHosts).toEqual([]);
  });

  it('refuses an origin or a host with a path in place of a host name', () => {
    expect(() => loadConfig({ TRUSTED_LINK_HOSTS: 'https://friends.example' })).toThrow(/TRUSTED_LINK_HOSTS/);
    expect(() => loadConfig({ TRUSTED_LINK_HOSTS: 'friends.example/x' })).toThrow(/TRUSTED_LINK_HOSTS/);
  });
});

describe.each(dialects)('external links (/http…) on %s', (dialect) => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    // A built shop in miniature (the links are the shop's pages) and the venue's settings file.
    dir = mkdtempSync(join(tmpdir(), 'links-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Tickets</title></head></html>');
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(SETTINGS));
    t = await createTestApp(dialect, {
      env: {
        PUBLIC_URL,
        STATIC_DIR: dir,
        SETTINGS_FILE: join(dir, 'settings.json'),
        TRUSTED_LINK_HOSTS: 'friends.example',
        ENABLED_LOCALES: 'he,en,ru,ar,pl',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, cookies?: Record<string, string>) => t.app.inject({ url, cookies });

  it('sends a link to a trusted host straight there, query and all', async () => {
    const res = await get('/https://friends.example/page?x=1&language=en');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://friends.example/page?x=1&language=en');
    expect(res.headers['cache-control']).toBe('no-store');
    // A proxy that collapsed the `//` after the scheme changes nothing.
    expect((await get('/https:/friends.example/a')).headers.location).toBe('https://friends.example/a');
  });

  it("trusts the hosts the settings name: terms, order-received page, partners' return, PUBLIC_URL", async () => {
    for (const target of [
      'https://terms.venue.example/terms',
      'https://regulamin.venue.example/pl',
      'http://thanks.venue.example/received?reservation=1',
      `${DEMO_RETURN_ORIGIN}/back?booking=42`,
      `${PUBLIC_URL}/order/1`,
    ]) {
      const res = await get(`/${target}`);
      expect(res.statusCode, target).toBe(302);
      expect(res.headers.location).toBe(target);
    }
  });

  it("answers the venue's order terms per language: an address where set, the demo's text elsewhere", async () => {
    const res = await get('/api/settings');
    expect(res.statusCode).toBe(200);
    const { terms } = (res.json() as Settings).order;
    expect(terms?.pl).toBe('https://regulamin.venue.example/pl');
    expect(terms?.he).toBe(DEMO_ORDER_TERMS.he);
    expect(terms?.en).toMatch(/^Tickets\. /);
    // The demo's terms say what a cancellation keeps back: the fee and the handling fee.
    expect(terms?.en).toContain('₪5 per ticket plus 5%');
    expect(terms?.en).toContain('the handling fee is not refunded');
  });

  it('gives any other host the leaving page in the asked language, not a redirect', async () => {
    const res = await get('/https://evil.example/login?language=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain(
      'You are leaving Tickets for <bdi dir="ltr" class="host">evil.example</bdi></h1>',
    );
    expect(res.body).toContain(
      '<a class="go" data-testid="leaving-continue" href="https://evil.example/login?language=en" rel="noopener noreferrer">',
    );
    expect(res.body).toContain('<a class="back" data-testid="leaving-back" href="/?language=en">');
    // The site's policy holds: no script at all, and the page's headers are the shop's.
    expect(res.body).not.toMatch(/<script|\son\w+=/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("is right to left in Hebrew (the venue's language) and Arabic (the customer's cookie)", async () => {
    const he = await get('/https://evil.example/');
    expect(he.body).toContain('<html lang="he" dir="rtl">');
    expect(he.body).toContain('אתם עוזבים את כרטיסים אל <bdi dir="ltr" class="host">evil.example</bdi>');
    expect(he.body).toContain('href="/">חזרה ללוח האירועים</a>');
    const ar = await get('/https://evil.example/', { shop_locale: 'ar' });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('أنت تغادر تذاكر إلى');
  });

  it('escapes the host and the address it shows', async () => {
    const res = await get(`/https://ev%22il'&.example/"x"?q="><b>x</b>`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<bdi dir="ltr" class="host">ev&quot;il&#39;&amp;.example</bdi>');
    expect(res.body).toContain(
      'href="https://ev&quot;il&#39;&amp;.example/%22x%22?q=%22%3E%3Cb%3Ex%3C/b%3E"',
    );
    expect(res.body).not.toContain('<b>');
  });

  it('never follows an odd address at once: credentials, backslashes, a malformed one', async () => {
    for (const path of ODD) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.headers.location, path).toBeUndefined();
      expect(res.body).toContain('data-testid="link-refused-page"');
      expect(res.body).not.toContain('leaving-continue');
    }
    // A look-alike of a trusted host is another host.
    for (const path of ['/https://friends.example./', '/https://friends.example.evil.example/']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers.location, path).toBeUndefined();
    }
    // Paths that are no external link at all are unknown pages (or refused by the static files).
    for (const path of [
      '/javascript:alert(1)',
      '/data:text/html,hi',
      '/HTTPS://friends.example/',
      '/httpx',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.location, path).toBeUndefined();
    }
  });

  it("reads the partners' return origins from memory, afresh after a minute", async () => {
    await t.db.kysely
      .updateTable('integration_partners')
      .set({ return_origin: 'https://new-partner.example' })
      .execute();
    expect((await get(`/${DEMO_RETURN_ORIGIN}/`)).statusCode).toBe(302);
    t.clock.advance(PARTNER_HOSTS_TTL_MS);
    expect((await get(`/${DEMO_RETURN_ORIGIN}/`)).statusCode).toBe(200);
    expect((await get('/https://new-partner.example/x')).headers.location).toBe(
      'https://new-partner.example/x',
    );
  });
});
