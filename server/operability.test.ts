import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { commit, seatShop } from './testing/checkout.ts';
import { createTestApp, dialects, type TestApp, type TestAppOptions, visitor } from './testing/harness.ts';

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe.each(dialects)('operability on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const open = async (opts: TestAppOptions = {}) => (t = await createTestApp(dialect, opts));

  it('answers /healthz, and /readyz only while the database answers and every migration has run', async () => {
    const { app, db } = await open({ seed: false });
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.cookies).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });

    // A database that has not run the newest migration (an older schema) is not ready for this code.
    await sql`delete from kysely_migration where name = '009_hold_addresses'`.execute(db.kysely);
    const stale = await app.inject({ method: 'GET', url: '/readyz' });
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({ status: 'not_ready', pendingMigrations: ['009_hold_addresses'] });
  });

  it('serves Prometheus metrics: requests per route, error codes, holds, orders and payments', async () => {
    const { app } = await open();
    const shop = await seatShop(t!);
    const me = visitor();
    const value = (text: string, series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.slice(series.length + 1) ?? 0,
      );
    const before = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const res = await commit(app, me, crypto.randomUUID(), shop.cart(await shop.hold(me, 2)));
    expect(res.statusCode).toBe(200);
    await shop.hold(visitor(), 1);
    await app.inject({ method: 'GET', url: '/api/cart', headers: { uuid: crypto.randomUUID() } });
    await app.inject({ method: 'POST', url: '/api/no/such/call' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    expect(text).toMatch(
      /http_requests_total\{method="PUT",route="\/api\/seats\/lock-seat",status="200"\} 3/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/payment\/commit"\} 1/,
    );
    expect(text).toMatch(/boxoffice_error_answers_total\{code="visitor_required"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="POST",route="unmatched",status="404"\} 1/);
    const delta = (series: string) => value(text, series) - value(before, series);
    expect(delta('boxoffice_seats_held')).toBe(1);
    expect(delta('boxoffice_orders{state="paid"}')).toBe(1);
    expect(delta('boxoffice_payments{status="approved"}')).toBe(1);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    if (dialect === 'postgres') expect(text).toMatch(/boxoffice_db_pool_connections\{state="total"\} \d+/);
  });

  it('serves /metrics only with the METRICS_TOKEN when one is set', async () => {
    const { app } = await open({ seed: false, env: { METRICS_TOKEN: 'scrape-me' } });
    const refused = await app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'metrics_token_required' });
    const ok = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-me' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('security headers and request ids', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('sends a strict Content-Security-Policy and the other security headers on every page', async () => {
    t = await createTestApp('sqlite', { seed: false });
    for (const url of ['/healthz', '/api/docs/static/index.html', '/metrics']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('report-uri')).toEqual(['/api/csp-report']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // The door page (issue 37) scans with the phone's camera; nothing else may use it, nor the microphone.
      expect(res.headers['permissions-policy']).toContain('camera=(self)');
      expect(res.headers['permissions-policy']).toContain('microphone=()');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives JSON answers of the API a policy that allows nothing, and the headers that matter to them', async () => {
    t = await createTestApp('sqlite', { seed: false });
    for (const url of ['/api/session', '/api/seats/presentations', '/api/no/such']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('adds HSTS over HTTPS (COOKIE_SECURE=1) and the captcha origins only when a captcha is configured', async () => {
    t = await createTestApp('sqlite', {
      seed: false,
      env: { COOKIE_SECURE: '1', CAPTCHA_SITE_KEY: 'site', CSP_PAYMENT_ORIGINS: 'https://pay.example' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://pay.example']);
    expect(csp.get('frame-src')).toContain('https://pay.example');
  });

  it("lets the shop frame the sandbox bank's 3-D Secure page, and no one else", async () => {
    t = await createTestApp('sqlite', { seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/3ds/none' });
    expect(directives(res.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('names every request: the id is in the X-Request-Id header and in every error answer', async () => {
    t = await createTestApp('sqlite', { seed: false });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { 'x-request-id': 'lb-42.abc' },
    });
    expect(mine.headers['x-request-id']).toBe('lb-42.abc');
    expect(mine.json()).toMatchObject({ code: 'visitor_required', requestId: 'lb-42.abc' });
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(unsafe.json().requestId).toBe(unsafe.headers['x-request-id']);
  });

  it('lets a commit in flight finish when the box office shuts down, then closes its connection', async () => {
    t = await createTestApp('sqlite', { env: { SANDBOX_ACQUIRER_DELAY_MS: '1500' } });
    const { app } = t;
    const shop = await seatShop(t);
    const me = visitor();
    const body = shop.cart(await shop.hold(me, 1));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/payment/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', uuid: me, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    await new Promise((r) => setTimeout(r, 300));
    const closing = app.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('completed');
    expect(res.headers.get('connection')).toBe('close');
    await closing;
    t = undefined;
  });
});
