import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './services/customers/secrets.ts';
import { SANDBOX_CARDS } from './services/payments/sandbox/cards.ts';
import { acquirerIdOf, commit, goodCard, newBlikCode, seatShop } from './testing/checkout.ts';
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
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
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

  it('refuses text with a NUL character anywhere in a request with formValidation, before any work', async () => {
    const uuid = crypto.randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/commit',
      headers: { uuid, 'idempotency-key': crypto.randomUUID() },
      payload: {
        cart: {
          customerInfo: {
            firstName: 'Da\u0000na',
            lastName: 'Levi',
            email: 'd@example.com',
            termsAccepted: true,
          },
          creditcardInfo: { number: '4111111111111111', expiry: '12/29', cvv: '123', holderId: '039337423' },
          seats: [],
          products: [],
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'formValidation' });
    const q = await t.app.inject({ method: 'GET', url: '/api/seats/presentations?date=%00' });
    expect(q.statusCode).toBe(400);
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
    // Payments in progress by every method, so that the payment calls and the sandbox's pages meet
    // real orders and real acquirer ids as well as made-up ones.
    const owner = visitor();
    const shop = await seatShop(t);
    const started: { rid: string; page: string }[] = [];
    for (const extra of [
      { creditcardInfo: { ...goodCard, number: SANDBOX_CARDS.challenge } },
      { paymentMethod: 'paypal', creditcardInfo: undefined },
      { paymentMethod: 'redirect', creditcardInfo: undefined },
      { paymentMethod: 'blik', blikCode: await newBlikCode(t.app), creditcardInfo: undefined },
    ] as const) {
      const res = await commit(
        t.app,
        owner,
        crypto.randomUUID(),
        shop.cart(await shop.hold(owner, 1), extra),
      );
      expect(res.json().status, res.body).toBe('action_required');
      started.push({
        rid: res.json().reservationIdentifier,
        page: await acquirerIdOf(t, res.json().paymentId),
      });
    }
    const [challenge, paypal, hosted, blik] = started.map((s) => s.page) as [string, string, string, string];
    const rid = started[0]!.rid;
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
      { method: 'POST', url: '/api/customer/mobile-login' },
      { method: 'POST', url: '/api/customer/mobile-login-validation-area' },
      { method: 'POST', url: '/api/customer/login' },
      { method: 'POST', url: '/api/customer/token-login' },
      { method: 'POST', url: '/api/customer/refresh' },
      { method: 'POST', url: '/api/customer/logout' },
      { method: 'POST', url: '/api/customer-area/logout' },
      { method: 'GET', url: '/api/customer/locations' },
      { method: 'GET', url: '/api/customer-area/reservations' },
      { method: 'GET', url: '/api/customer-area/reservations/AAAAAAAAAA/cancellation' },
      { method: 'POST', url: '/api/reservations/AAAAAAAAAA/cancel' },
      { method: 'GET', url: '/api/customer-area/system-vouchers' },
      { method: 'POST', url: '/api/system-vouchers/SV-AAAA/cancel' },
      { method: 'POST', url: '/api/system-vouchers/SV-AAAA/replacement' },
      { method: 'GET', url: '/api/customer-area/videos' },
      { method: 'PUT', url: '/api/customer-area/details' },
      { method: 'GET', url: '/api/dev/sms-outbox' },
      { method: 'GET', url: `/api/payment/status/${rid}` },
      { method: 'GET', url: `/api/payment/status/${started[1]!.rid}` },
      { method: 'GET', url: '/api/payment/status/AAAAAAAAAA' },
      { method: 'GET', url: '/api/payment/status/%00' },
      { method: 'POST', url: '/api/payment/cancel' },
      { method: 'GET', url: '/api/payment/voucher-balance' },
      { method: 'DELETE', url: '/api/customer/mag-cards/card_AAAAAAAAAAAA' },
      { method: 'DELETE', url: '/api/customer/mag-cards/%00' },
      { method: 'GET', url: `/sandbox/3ds/${challenge}` },
      { method: 'POST', url: `/sandbox/3ds/${challenge}` },
      { method: 'GET', url: '/sandbox/3ds/%00' },
      { method: 'POST', url: `/sandbox/3ds/${paypal}` },
      { method: 'GET', url: '/sandbox/paypal/checkoutnow' },
      { method: 'POST', url: `/sandbox/paypal/${paypal}/approve` },
      { method: 'POST', url: `/sandbox/paypal/${paypal}/cancel` },
      { method: 'POST', url: '/sandbox/paypal/%00/approve' },
      { method: 'GET', url: `/sandbox/pay/${hosted}` },
      { method: 'POST', url: `/sandbox/pay/${hosted}` },
      { method: 'POST', url: `/sandbox/pay/${hosted}/cancel` },
      { method: 'POST', url: `/sandbox/pay/${challenge}` },
      { method: 'GET', url: '/sandbox/pay/%00' },
      { method: 'GET', url: '/sandbox/blik' },
      { method: 'POST', url: '/sandbox/blik/code' },
      { method: 'POST', url: `/sandbox/blik/${blik}/approve` },
      { method: 'POST', url: `/sandbox/blik/${blik}/decline` },
      { method: 'POST', url: '/sandbox/blik/%00/decline' },
    ] as const;
    // A live session of a demo customer, opened afresh for each call (a fuzzed logout ends it).
    const customerSession = async () => {
      const id = randomBytes(16).toString('base64url');
      await t.db.kysely
        .insertInto('customer_sessions')
        .values({
          id_hash: sha256(id),
          customer_id: 'a_demo_dana',
          created_at: t.clock.now(),
          expires_at: t.clock.now() + 3_600_000,
        })
        .execute();
      return id;
    };
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
            'language',
            'mobileNumber',
            'reference',
            'token',
            'code',
            'lang',
          ),
          fc.oneof(
            fc.string(),
            fc.constantFrom(paypal, blik, 'GIFT-150-SANDBOX', 'en', '\u0000'),
            // A parameter given twice.
            fc.array(fc.constantFrom(paypal, blik, 'en', ''), { minLength: 2, maxLength: 3 }),
          ),
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
          // Customer login and personal-area bodies, with values that pass the first checks now and then.
          fc.record(
            {
              mobileNumber: fc.oneof(
                fc.constantFrom('0501234567', '+972-50-123-4567', '0549999999', ''),
                value,
              ),
              smsCode: fc.oneof(fc.constantFrom('123456', '000000', ''), value),
              sendSmsRegardlessOfCustomerExistence: fc.oneof(fc.boolean(), value),
              email: fc.oneof(
                fc.constantFrom('dana@example.com', 'nobody@example.com', 'x', 'a\u0000@example.com'),
                value,
              ),
              password: value,
              token: value,
              recaptchaToken: value,
              reservationIdentifier: fc.oneof(fc.constantFrom('AAAAAAAAAA', '', 'A\u0000'), value),
              ssn: fc.oneof(fc.constantFrom('039337423', '123456789', '\u0000'), value),
              memberNumber: value,
              firstName: fc.oneof(fc.constantFrom('Dana', ''), value),
              lastName: fc.oneof(fc.constantFrom('Levi', ''), value),
              address1: fc.oneof(fc.constantFrom('Herzl 1', 'x\u0000'), value),
              address2: value,
              city: value,
              postalCode: value,
              dateOfBirth: value,
              locationId: value,
              isEmailAllowed: fc.oneof(fc.boolean(), value),
              isSMSAllowed: fc.oneof(fc.boolean(), value),
            },
            { requiredKeys: [] },
          ),
          // The sandbox pages' forms and the payment calls, with values that work now and then.
          fc.record(
            {
              reservationIdentifier: fc.oneof(fc.constantFrom(...started.map((x) => x.rid)), value),
              decision: fc.oneof(fc.constantFrom('approve', 'fail'), value),
              number: fc.oneof(
                fc.constantFrom(...Object.values(SANDBOX_CARDS), '4111 1111 1111 1111'),
                value,
              ),
              expiry: fc.oneof(fc.constantFrom('12/29', '13/29', '12/20', '1/2'), value),
              cvv: fc.oneof(fc.constantFrom('123', '12', '1234'), value),
              holderId: fc.oneof(fc.constantFrom('039337423', ''), value),
              lang: fc.oneof(fc.constantFrom('en', 'he', 'xx'), value),
            },
            { requiredKeys: [] },
          ),
        ),
        fc.constantFrom('random', 'owner', 'none'),
        fc.boolean(),
        fc.boolean(),
        async (route, query, body, who, loggedIn, asForm) => {
          const headers: Record<string, string> =
            who === 'none' ? {} : { uuid: who === 'owner' ? owner : visitor() };
          if (loggedIn) headers.cookie = `customer_session=${await customerSession()}`;
          const form =
            body !== null && typeof body === 'object' && !Array.isArray(body)
              ? new URLSearchParams(
                  Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
                ).toString()
              : // JSON, not String(): a generated array may hold an object whose toString is not a function.
                typeof body === 'string'
                ? body
                : JSON.stringify(body);
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            query,
            ...(route.method === 'GET'
              ? { headers }
              : {
                  payload: asForm ? form : JSON.stringify(body),
                  headers: {
                    ...headers,
                    'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
                    'idempotency-key': crypto.randomUUID(),
                  },
                }),
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} ${JSON.stringify(query)} ${JSON.stringify(body)} → ${res.body}`,
          ).toBeLessThan(500);
          // The sandbox's pages stand for other sites: they answer HTML, the API a catalogue code.
          if (res.statusCode >= 400 && !route.url.startsWith('/sandbox/'))
            expect(res.json()).toHaveProperty('code');
        },
      ),
      { numRuns: dialect === 'sqlite' ? 1000 : 300 },
    );
  });
});

describe('serving the shop', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { seed: false, env: { STATIC_DIR: dist } });
  });
  afterAll(async () => t?.close());

  it('serves the shop for its routes, 404 status for unknown pages, and long-lived hashed assets', async () => {
    // With no catalogue, presentation 12 and the e-ticket `k` are unknown: the shop, with status 404.
    const missing = ['/order/12', '/edocument/k', '/vod/1/2'];
    for (const url of ['/', '/order', '/vod', ...missing]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, missing.includes(url) ? 404 : 200]);
      // The shop's page, with the head the box office writes for it (server/http/seo).
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    }
    // A host the venue does not trust gets the box office's "you are leaving" page, not a redirect
    // (server/http/externalLinks.test.ts has the rest).
    const external = await t.app.inject({ method: 'GET', url: '/https://example.com/page?a=1' });
    expect(external.statusCode).toBe(200);
    expect(external.headers.location).toBeUndefined();
    expect(external.body).toContain('example.com');
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
