import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp, visitor } from './testing/harness.ts';
import { findPresentation } from './testing/fixtures.ts';

describe.each(dialects)('the box-office app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('issues the visitor uuid in an HttpOnly SameSite cookie and tells the shop the same uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    const cookie = res.cookies.find((c) => c.name === 'uuid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.json()).toEqual({ uuid: cookie!.value });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      cookies: { uuid: cookie!.value },
    });
    expect(again.json()).toEqual({ uuid: cookie!.value });
    expect(again.cookies).toHaveLength(0);
  });

  it('answers settings with the enabled locales and ILS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json()).toMatchObject({
      locales: { enabled: ['he', 'en', 'ru'], default: 'he', supported: ['he', 'en', 'ru', 'ar', 'pl'] },
      currency: { code: 'ILS', symbol: '₪', decimals: 2 },
      timeZone: 'Asia/Jerusalem',
    });
  });

  it('answers unknown API paths with a 404 JSON error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'POST /api/no/such/thing does not exist',
    });
  });

  it('turns malformed bodies into 4xx errors with a catalogue code', async () => {
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      headers: { 'content-type': 'application/json', uuid: visitor() },
      payload: '{"seat":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'formValidation' });
    const wrongType = await t.app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      headers: { 'content-type': 'text/csv', uuid: visitor() },
      payload: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'formValidation' });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/seats/lock-seat',
      headers: { uuid: visitor() },
      payload: { seat: { PresentationId: 1 } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('VenueId');
  });

  it('publishes an OpenAPI document with the calls of spec section 7, and a readable page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/seats/presentations',
      '/api/presentations/{id}',
      '/api/presentations/{id}/ticketGroups',
      '/api/seats/seatplanV2',
      '/api/seats/seats-statusV2',
      '/api/seats/lock-seat',
      '/api/seats/unlock-seat',
      '/api/cart',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBeLessThan(400);
  });

  it('saves a cart, and refuses presentations of different businesses or unknown ones', async () => {
    const me = visitor();
    const movie = await findPresentation(t.app, (p) => p.category === 'movie');
    const concert = await findPresentation(t.app, (p) => p.category === 'concert');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { uuid: me },
      payload: { cart: { presentations: [{ presentationId: movie.id, seats: [] }], vouchers: [] } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ cart: { presentations: [{ presentationId: movie.id }] } });
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { uuid: me },
      payload: {
        cart: {
          presentations: [
            { presentationId: movie.id, seats: [] },
            { presentationId: concert.id, seats: [] },
          ],
          vouchers: [],
        },
      },
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({ code: 'incompatible_business', message: 'Incompatible Business' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { uuid: me },
      payload: { cart: { presentations: [{ presentationId: 987654, seats: [] }], vouchers: [] } },
    });
    expect(unknown.json()).toMatchObject({ code: 'event_not_found' });
  });

  it('never answers 5xx, whatever the query or body', async () => {
    const routes = [
      { method: 'GET', url: '/api/seats/presentations' },
      { method: 'GET', url: '/api/presentations/1' },
      { method: 'GET', url: '/api/presentations/1/ticketGroups' },
      { method: 'GET', url: '/api/seats/seatplanV2' },
      { method: 'GET', url: '/api/seats/seats-statusV2' },
      { method: 'PUT', url: '/api/seats/lock-seat' },
      { method: 'PUT', url: '/api/seats/unlock-seat' },
      { method: 'POST', url: '/api/cart' },
      { method: 'POST', url: '/api/payment/commit' },
      { method: 'PUT', url: '/api/seats/extend-lock' },
      { method: 'GET', url: '/api/edocument/AAAAAAAAAAAAAAAAAAAAAAAA' },
      { method: 'GET', url: '/api/edocument/%00' },
    ] as const;
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant('1'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.dictionary(
          fc.constantFrom(
            'date',
            'venueId',
            'seatplanId',
            'presentationId',
            'venueTypeId',
            'isReserved',
            'sectionId',
          ),
          fc.string(),
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            seat: fc.dictionary(
              fc.constantFrom(
                'PresentationId',
                'VenueId',
                'VenueSeatplanId',
                'VenueSectionId',
                'TicketGroupId',
                'XCoordinate',
                'YCoordinate',
              ),
              value,
            ),
          }),
          fc.record({
            presentationId: value,
            cart: fc.record({
              customerInfo: fc.dictionary(
                fc.constantFrom('firstName', 'email', 'termsAccepted', 'ssn'),
                value,
              ),
              creditcardInfo: fc.dictionary(fc.constantFrom('number', 'expiry', 'cvv', 'holderId'), value),
              numberOfPayments: value,
              seats: fc.array(
                fc.record({
                  pi: fc.constantFrom(1, 2, 999),
                  si: value,
                  x: value,
                  y: value,
                  tg: value,
                  ticketId: value,
                }),
                { maxLength: 3 },
              ),
              products: fc.array(fc.record({ id: value, presentationId: value, selectedQuantity: value }), {
                maxLength: 2,
              }),
            }),
          }),
        ),
        fc.boolean(),
        async (route, query, body, withUuid) => {
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            query,
            headers: withUuid ? { uuid: visitor() } : {},
            ...(route.method === 'GET'
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: {
                    'content-type': 'application/json',
                    'idempotency-key': crypto.randomUUID(),
                    ...(withUuid ? { uuid: visitor() } : {}),
                  },
                }),
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} ${JSON.stringify(query)} ${JSON.stringify(body)} → ${res.body}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toHaveProperty('code');
        },
      ),
      { numRuns: dialect === 'sqlite' ? 300 : 100 },
    );
  });
});

describe('serving the shop', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { seed: false, env: { STATIC_DIR: dist } });
  });
  afterAll(async () => t?.close());

  it('serves the shop for its routes, 404 status for unknown pages, and long-lived hashed assets', async () => {
    for (const url of ['/', '/order', '/order/12', '/edocument/k', '/vod/1/2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<title>shop</title>');
    }
    const external = await t.app.inject({ method: 'GET', url: '/https://example.com/page?a=1' });
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('https://example.com/page?a=1');
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>shop</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
